import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { binanceBookTicker, binanceKline } from '../../testing/binance-messages';
import { binanceName, createBinanceFeed } from './binance-feed';

const feed = () =>
  createBinanceFeed({
    url: 'ws://127.0.0.1:1',
    symbols: ['BTC_USDT', 'ETH_USDT'],
    logger: pino({ level: 'silent' }),
  });

/** A kline message of the pair's candle at `startMs`, as a string off the socket. */
const kline = (
  symbol: string,
  startMs: number,
  close: string,
  quoteVolume: string,
  eventMs = startMs + 1_000,
) =>
  JSON.stringify(
    binanceKline({
      symbol,
      startMs,
      eventMs,
      open: '65000.00',
      close,
      high: '65100.00',
      low: '64900.00',
      volume: '12.5',
      trades: 100,
      quoteVolume,
    }),
  );

describe('the Binance adapter', () => {
  it('names pairs as Binance does', () => {
    expect(binanceName('BTC_USDT')).toBe('btcusdt');
  });

  it('turns kline updates into trades, with the quote volume traded since the last update', () => {
    const adapter = feed();
    expect(adapter.parse(kline('BTCUSDT', 60_000, '65010.50', '1000.5'))).toEqual({
      kind: 'trade',
      symbol: 'BTC_USDT',
      tMs: 61_000,
      price: '65010.50',
      quoteVolume: 1000.5,
    });
    expect(adapter.parse(kline('BTCUSDT', 60_000, '65011.00', '1500.5', 62_000))).toMatchObject({
      quoteVolume: 500,
    });
    // A new minute starts its volume again.
    expect(adapter.parse(kline('BTCUSDT', 120_000, '65012.00', '40', 121_000))).toMatchObject({
      quoteVolume: 40,
    });
  });

  it('reads the best bid and ask from the book ticker', () => {
    const message = JSON.stringify(binanceBookTicker('ETHUSDT', '3200.10', '3200.20', 400900217));
    expect(feed().parse(message)).toEqual({
      kind: 'quote',
      symbol: 'ETH_USDT',
      bid: '3200.10',
      ask: '3200.20',
    });
  });

  it('ignores pairs it was not asked for, other intervals and anything malformed', () => {
    const adapter = feed();
    expect(adapter.parse(kline('SOLUSDT', 60_000, '150', '1'))).toBeUndefined();
    expect(adapter.parse(kline('BTCUSDT', 60_000, '1', '1').replace('"1m"', '"5m"'))).toBeUndefined();
    for (const junk of ['', 'not json', '{}', '{"stream":"x","data":{"e":"kline"}}', '[1,2]']) {
      expect(adapter.parse(junk)).toBeUndefined();
    }
  });
});
