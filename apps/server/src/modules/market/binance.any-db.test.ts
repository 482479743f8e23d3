import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binanceBookTicker, binanceKline } from '../../testing/binance-messages';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { startTestMarket } from '../../testing/market';
import { pollUntil } from '../../testing/poll';
import { startWsServer } from '../../testing/ws-server';

describe('the market on a live exchange feed', () => {
  let t: TestApp;
  let replay: Awaited<ReturnType<typeof startWsServer>>;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    // A local stand-in for Binance that replays messages in its documented format.
    replay = await startWsServer();
    t = await buildTestApp();
    stop = await startTestMarket(t, {
      symbols: ['BTC_USDT', 'EUR_USD'],
      feed: { kind: 'binance', url: replay.url },
    });
  });
  afterAll(async () => {
    await stop?.();
    await t?.close();
    await replay?.close();
  });

  it('subscribes to the kline and book streams of the crypto pairs only', async () => {
    await pollUntil(() => replay.connections.length > 0);
    expect(replay.connections[0]?.url).toBe('/stream?streams=btcusdt@kline_1m/btcusdt@bookTicker');
  });

  it("quotes a fed pair as delayed until the exchange's first price arrives", async () => {
    // The market publishes every pair's state on start and every few seconds while it is quiet.
    const btc = async () => {
      const prices = (await t.app.inject({ method: 'GET', url: '/public/prices' })).json().data as Record<
        string,
        { ts: number }
      >;
      return Object.entries(prices).find(([key]) => key.endsWith(':BTC_USDT'))?.[1];
    };
    await pollUntil(async () => (await btc()) !== undefined, { ms: 15_000, what: 'a BTC/USD quote' });
    const quote = await btc();
    expect(Date.now() - (quote?.ts ?? 0)).toBeGreaterThan(60_000);
  });

  it('prices the pair from the exchange, bid and ask included, and builds its candles', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const connection = replay.connections[0];
    connection?.send(binanceBookTicker('BTCUSDT', '70123.40', '70123.60'));
    connection?.send(
      binanceKline({
        symbol: 'BTCUSDT',
        startMs: minute,
        eventMs: Date.now(),
        open: '70100.00',
        close: '70123.45',
        high: '70130.00',
        low: '70090.00',
        volume: '3',
        trades: 9,
        quoteVolume: '210000.00',
      }),
    );
    await pollUntil(
      async () => (await t.app.inject('/public/prices')).json().data['CRP:BTC_USDT']?.price === '70123.45',
    );
    const btc = (await t.app.inject('/public/prices')).json().data['CRP:BTC_USDT'];
    expect(btc).toMatchObject({ bid: '70123.40', ask: '70123.60' });
    // At a minute's end the closed candle reaches storage within a second: ask until it is there.
    await pollUntil(async () => {
      const candles = (
        await t.app.inject(`/public/klines?symbol=BTC_USDT&interval=1&from=${minute}&limit=5`)
      ).json().data;
      return candles[0]?.t === minute && candles[0]?.c === '70123.45';
    });
    // The simulated forex pair carries on beside it.
    await pollUntil(
      async () => (await t.app.inject('/public/prices')).json().data['forex:EUR_USD'] !== undefined,
    );
  });

  it('reconnects when the exchange drops the connection', async () => {
    replay.connections[0]?.close();
    await pollUntil(() => replay.connections.length >= 2, { ms: 5_000 });
  });
});
