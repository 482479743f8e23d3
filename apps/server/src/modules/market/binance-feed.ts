import { z } from 'zod';
import type { Logger } from '../../platform/logger';
import { socketFeed } from './feed-socket';

/** Binance's public market-data stream (combined streams endpoint). */
export const BINANCE_STREAM_URL = 'wss://stream.binance.com:9443';
/** Binance closes a connection after 24 h; it also sends pings we must answer (ws does). */
const STREAMS_PER_CONNECTION_MAX = 200;

// https://developers.binance.com/docs/binance-spot-api-docs/web-socket-streams
const ZKlineMessage = z.object({
  e: z.literal('kline'),
  E: z.number(),
  s: z.string(),
  k: z.object({
    t: z.number(),
    i: z.string(),
    o: z.string(),
    c: z.string(),
    h: z.string(),
    l: z.string(),
    q: z.string(),
    x: z.boolean(),
  }),
});
const ZBookTickerMessage = z.object({ s: z.string(), b: z.string(), a: z.string() });
const ZCombined = z.object({ stream: z.string(), data: z.unknown() });

/** What the adapter reports: a price (and the quote volume traded since its last report), or a quote. */
export type FeedEvent =
  | { kind: 'trade'; symbol: string; tMs: number; price: string; quoteVolume: number }
  | { kind: 'quote'; symbol: string; bid: string; ask: string };

/** `BTC_USDT` → `btcusdt`. */
export const binanceName = (symbol: string) => symbol.replace('_', '').toLowerCase();

/**
 * Turns Binance's 1-minute kline and book-ticker streams into our trades and quotes. A kline update
 * carries the minute's quote volume so far; the difference from the previous update is what traded
 * in between. Reconnects with backoff; a malformed message is dropped, never fatal.
 */
export function createBinanceFeed(options: { url: string; symbols: string[]; logger: Logger }) {
  const log = options.logger.child({ module: 'binance-feed' });
  const byName = new Map(options.symbols.map((symbol) => [binanceName(symbol).toUpperCase(), symbol]));
  const minuteVolume = new Map<string, { t: number; q: number }>();

  const streams = options.symbols
    .slice(0, STREAMS_PER_CONNECTION_MAX / 2)
    .flatMap((symbol) => [`${binanceName(symbol)}@kline_1m`, `${binanceName(symbol)}@bookTicker`]);

  const parse = (raw: string): FeedEvent | undefined => {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return undefined;
    }
    const combined = ZCombined.safeParse(json);
    const data = combined.success ? combined.data.data : json;
    const kline = ZKlineMessage.safeParse(data);
    if (kline.success) {
      const symbol = byName.get(kline.data.s);
      if (!symbol || kline.data.k.i !== '1m') return undefined;
      const quoteSoFar = Number(kline.data.k.q);
      const previous = minuteVolume.get(symbol);
      const traded =
        previous && previous.t === kline.data.k.t ? Math.max(0, quoteSoFar - previous.q) : quoteSoFar;
      minuteVolume.set(symbol, { t: kline.data.k.t, q: quoteSoFar });
      return { kind: 'trade', symbol, tMs: kline.data.E, price: kline.data.k.c, quoteVolume: traded };
    }
    const book = ZBookTickerMessage.safeParse(data);
    if (book.success) {
      const symbol = byName.get(book.data.s);
      if (symbol) return { kind: 'quote', symbol, bid: book.data.b, ask: book.data.a };
    }
    return undefined;
  };

  return socketFeed(parse, (onEvent: (event: FeedEvent) => void) => ({
    name: 'Binance',
    url: `${options.url.replace(/\/+$/, '')}/stream?streams=${streams.join('/')}`,
    logger: log,
    onMessage: (raw) => {
      const event = parse(raw);
      if (event) onEvent(event);
    },
  }));
}
export type BinanceFeed = ReturnType<typeof createBinanceFeed>;
