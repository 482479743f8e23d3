/**
 * Messages in the format of Binance's combined stream (a 1-minute kline, a book ticker), for the
 * tests and browser journeys that stand in for the exchange.
 * https://developers.binance.com/docs/binance-spot-api-docs/web-socket-streams
 */

/** One update of a pair's 1-minute candle: the fields the adapter reads, the rest as Binance fills them. */
export interface BinanceKlineUpdate {
  /** Binance's name of the pair, `BTCUSDT`. */
  symbol: string;
  /** The candle's minute. */
  startMs: number;
  /** When the exchange sent the update: a second into the minute unless given. */
  eventMs?: number;
  open: string;
  close: string;
  high: string;
  low: string;
  volume: string;
  /** The number of trades in the candle so far. */
  trades: number;
  /** The quote volume traded in the candle so far. */
  quoteVolume: string;
}

/** A kline message exactly as Binance's combined stream sends it. */
export function binanceKline(update: BinanceKlineUpdate) {
  const { symbol, startMs } = update;
  return {
    stream: `${symbol.toLowerCase()}@kline_1m`,
    data: {
      e: 'kline',
      E: update.eventMs ?? startMs + 1_000,
      s: symbol,
      k: {
        t: startMs,
        T: startMs + 59_999,
        s: symbol,
        i: '1m',
        f: 100,
        L: 200,
        o: update.open,
        c: update.close,
        h: update.high,
        l: update.low,
        v: update.volume,
        n: update.trades,
        x: false,
        q: update.quoteVolume,
        V: '1',
        Q: '1',
        B: '0',
      },
    },
  };
}

/** A book-ticker message: the pair's best bid and ask (`update` is the book's update id). */
export function binanceBookTicker(symbol: string, bid: string, ask: string, update = 1) {
  return {
    stream: `${symbol.toLowerCase()}@bookTicker`,
    data: { u: update, s: symbol, b: bid, B: '1', a: ask, A: '2' },
  };
}
