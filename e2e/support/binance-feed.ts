import { binanceBookTicker, binanceKline, startWsServer } from '@td/server/testing';
import { afterAll, beforeAll } from 'vitest';
import { type TJourneyEnvironment, useJourneyEnvironment } from './journey';

/**
 * A local server speaking Binance's stream format, for journeys that need prices they choose: the
 * server under test is started with `MARKET_FEED=binance` and `BINANCE_WS_URL` pointing here.
 */
export interface TBinanceFeed {
  url: string;
  /** Waits (bounded) until the server under test has connected: its market role starts after the API. */
  connected(timeoutMs?: number): Promise<void>;
  /**
   * Sends BTC/USDT's best bid and ask (ask = bid + 0.20) and a trade of the current minute at the
   * bid, as the exchange would: the trade is what makes the price fresh.
   */
  sendBtc(bid: number): void;
  close(): Promise<void>;
}

export async function startBinanceFeed(): Promise<TBinanceFeed> {
  const feed = await startWsServer();
  let update = 1;
  return {
    url: feed.url,
    async connected(timeoutMs = 45_000) {
      const deadline = Date.now() + timeoutMs;
      while (feed.connections.length === 0) {
        if (Date.now() > deadline) throw new Error('the server never connected to the feed');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    sendBtc(bid) {
      const connection = feed.connections.at(-1);
      if (!connection) throw new Error('the server has not connected to the feed');
      const nowMs = Date.now();
      const minute = Math.floor(nowMs / 60_000) * 60_000;
      connection.send(binanceBookTicker('BTCUSDT', bid.toFixed(2), (bid + 0.2).toFixed(2), update));
      connection.send(
        binanceKline({
          symbol: 'BTCUSDT',
          startMs: minute,
          eventMs: nowMs,
          open: '47000.00',
          close: (bid + 0.1).toFixed(2),
          high: Math.max(47_100, bid + 1).toFixed(2),
          low: Math.min(46_900, bid - 1).toFixed(2),
          volume: '1',
          trades: update,
          quoteVolume: String(47_000 * update),
        }),
      );
      update += 1;
    },
    close: () => feed.close(),
  };
}

/**
 * A journey file's environment (`useJourneyEnvironment`) whose server takes crypto prices from a
 * local Binance feed, started before the server and closed after it. Read `feed` inside tests or
 * later hooks.
 */
export function useBinanceJourney(): { env: TJourneyEnvironment; readonly feed: TBinanceFeed } {
  let feed: TBinanceFeed | undefined;
  const serverEnv: Record<string, string> = { MARKET_FEED: 'binance' };
  beforeAll(async () => {
    feed = await startBinanceFeed();
    serverEnv.BINANCE_WS_URL = feed.url;
  });
  afterAll(async () => feed?.close());
  return {
    env: useJourneyEnvironment(serverEnv),
    get feed() {
      if (!feed) throw new Error('the feed starts before the first test: use it inside one');
      return feed;
    },
  };
}
