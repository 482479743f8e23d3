import { MARKET_TICK_CHANNEL, type TMarketTick } from '@td/server/bench';
import type { TestApp } from '@td/server/testing';

/** Keeps a live BTC quote on the bus (as the market role would) for benchmarks that place orders. */
export async function startTradingDeskQuotes(t: TestApp): Promise<() => Promise<void>> {
  const publish = () => {
    const tick: TMarketTick = {
      symbol: 'BTC_USDT',
      pairType: 'crp',
      key: 'CRP:BTC_USDT',
      precision: 2,
      tMs: Date.now(),
      price: 5_000_000,
      bid: 4_999_500,
      ask: 5_000_500,
      open24h: 5_000_000,
      high24h: 5_000_000,
      low24h: 5_000_000,
      volume24h: 0,
      candles: [],
      closed: [],
    };
    return t.deps.bus.publish(MARKET_TICK_CHANNEL, tick);
  };
  await publish();
  const timer = setInterval(() => void publish(), 1_000);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return async () => clearInterval(timer);
}
