import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { startTestMarket } from '../../testing/market';
import { pollUntil } from '../../testing/poll';
import { startWsServer } from '../../testing/ws-server';
import { isMarketOpen } from './market-hours';

const TOKEN = 'test-key-4f2a9c';

const trade = (s: string, p: number, t = Date.now()) =>
  JSON.stringify({ type: 'trade', data: [{ s, p, t, v: 5 }] });

describe('forex and stocks on Finnhub’s trade stream', () => {
  let t: TestApp;
  let finnhub: Awaited<ReturnType<typeof startWsServer>>;
  let stop: () => Promise<void>;
  let logs = '';

  beforeAll(async () => {
    // A local stand-in for Finnhub's trade stream, speaking its documented format.
    finnhub = await startWsServer();
    t = await buildTestApp({ env: { FINNHUB_API_KEY: TOKEN } });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    stop = await startTestMarket(t, {
      logger: pino({ level: 'info' }, sink),
      symbols: ['AAPL_USD', 'EUR_USD', 'BTC_USDT'],
      finnhub: { url: finnhub.url, token: TOKEN },
    });
  });
  afterAll(async () => {
    await stop?.();
    await t?.close();
    await finnhub?.close();
  });

  /** The symbols a connection subscribed to. */
  const subscribed = (index: number) =>
    (finnhub.connections[index]?.received ?? []).flatMap((message) => {
      const { type, symbol } = message as { type?: string; symbol?: string };
      return type === 'subscribe' && symbol ? [symbol] : [];
    });
  const priceOf = async (key: string) => (await t.app.inject('/public/prices')).json().data[key]?.price;

  it('subscribes to the forex and stock pairs only, with the key', async () => {
    await pollUntil(() => subscribed(0).length === 2);
    expect(finnhub.connections[0]?.url).toBe(`/?token=${TOKEN}`);
    expect(subscribed(0).sort()).toEqual(['AAPL', 'OANDA:EUR_USD']);
  });

  it('prices the pairs from the trades, and says they are live while their markets are open', async () => {
    finnhub.connections[0]?.send(trade('OANDA:EUR_USD', 1.0923));
    await pollUntil(async () => (await priceOf('forex:EUR_USD')) === '1.0923');
    // The stock's last price (from its history) reaches the board on its own time: polled, bounded.
    const feeds = async () => (await t.app.inject({ method: 'GET', url: '/health' })).json().data.feeds;
    await pollUntil(async () =>
      (await feeds()).some(
        (feed: { feed: string; pairs: number }) => feed.feed === 'finnhub' && feed.pairs === 2,
      ),
    );
    // A closed market sends nothing, so its age says nothing: over a weekend, with forex and stocks
    // both closed, the feed waits for the opening instead of being live.
    const isAnyOpen = isMarketOpen('forex', Date.now()) || isMarketOpen('stocks', Date.now());
    expect(await feeds()).toContainEqual(
      expect.objectContaining({ feed: 'finnhub', pairs: 2, state: isAnyOpen ? 'live' : 'waiting' }),
    );
  });

  it('drops malformed messages and carries on', async () => {
    const connection = finnhub.connections[0];
    connection?.send('{"type":"trade","data":[{"s":"OANDA:EUR_USD","p":"oops"}]}');
    connection?.send('not json at all');
    connection?.send('{"type":"ping"}');
    connection?.send(trade('OANDA:EUR_USD', 1.0931));
    await pollUntil(async () => (await priceOf('forex:EUR_USD')) === '1.0931');
  });

  it('reconnects after a drop and subscribes again; the gap leaves the last price standing', async () => {
    finnhub.connections[0]?.close();
    await pollUntil(() => subscribed(1).length === 2);
    expect(await priceOf('forex:EUR_USD')).toBe('1.0931');
    finnhub.connections[1]?.send(trade('OANDA:EUR_USD', 1.0944));
    await pollUntil(async () => (await priceOf('forex:EUR_USD')) === '1.0944');
  });

  it('never writes the key to the log', () => {
    expect(logs).toContain('Finnhub stream closed; reconnecting');
    expect(logs).not.toContain(TOKEN);
  });
});
