import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createFinnhubFeed, finnhubName } from './finnhub-feed';

const feed = createFinnhubFeed({
  url: 'ws://127.0.0.1:1',
  token: 'secret-key-123',
  pairs: [
    { symbol: 'AAPL_USD', pairType: 'stocks' },
    { symbol: 'EUR_USD', pairType: 'forex' },
  ],
  logger: pino({ level: 'silent' }),
});

describe('the Finnhub feed', () => {
  it('names stocks by ticker and forex through OANDA', () => {
    expect(finnhubName('AAPL_USD', 'stocks')).toBe('AAPL');
    expect(finnhubName('EUR_USD', 'forex')).toBe('OANDA:EUR_USD');
  });

  it('turns a batch of trades into our trades, each with its traded value', () => {
    const raw = JSON.stringify({
      type: 'trade',
      data: [
        { s: 'AAPL', p: 190.25, t: 1_764_000_000_000, v: 10 },
        { s: 'OANDA:EUR_USD', p: 1.0851, t: 1_764_000_000_500, v: 0 },
      ],
    });
    expect(feed.parse(raw)).toEqual([
      { kind: 'trade', symbol: 'AAPL_USD', tMs: 1_764_000_000_000, price: '190.25', quoteVolume: 1902.5 },
      { kind: 'trade', symbol: 'EUR_USD', tMs: 1_764_000_000_500, price: '1.0851', quoteVolume: 0 },
    ]);
  });

  it('drops what is malformed or not ours, one trade at a time', () => {
    expect(feed.parse('not json')).toEqual([]);
    expect(feed.parse('{"type":"ping"}')).toEqual([]);
    expect(feed.parse('{"type":"error","msg":"Invalid API key"}')).toEqual([]);
    const raw = JSON.stringify({
      type: 'trade',
      data: [
        { s: 'MSFT', p: 400, t: 1, v: 1 },
        { s: 'AAPL', p: -1, t: 1, v: 1 },
        { s: 'AAPL', p: '190', t: 1, v: 1 },
        null,
        { s: 'AAPL', p: 191, t: 1_764_000_000_000, v: 1 },
      ],
    });
    expect(feed.parse(raw).map((event) => event.kind === 'trade' && event.price)).toEqual(['191']);
  });
});
