import { randomUUID } from 'node:crypto';
import { formatScaled } from '@td/contracts/decimal';
import type { TCandle, TPriceSnapshot, TTickerEvent } from '@td/contracts/market';
import type { Bus } from '../../platform/bus/bus';
import { type PreparedBody, preparedBody } from '../../platform/http/precompressed';
import type { Candle } from './candle-builder';
import { MARKET_TICK_CHANNEL, type TMarketTick } from './market-events';

/** `/public/prices` is rebuilt at most this often; requests between get the same bytes. */
const PRICES_REBUILD_MS = 250;

export function formatCandle(candle: Candle, precision: number): TCandle {
  return {
    t: candle.t,
    o: formatScaled(candle.o, precision),
    h: formatScaled(candle.h, precision),
    l: formatScaled(candle.l, precision),
    c: formatScaled(candle.c, precision),
    v: String(candle.v),
  };
}

/** Percent change with two decimals, computed in integers: "(price − open) / open × 100". */
export function changePercent(price: number, open: number): string {
  if (open <= 0) return '0.00';
  const basisPoints = Math.round(((price - open) * 10_000) / open);
  return formatScaled(basisPoints, 2);
}

export function toSnapshot(tick: TMarketTick): TPriceSnapshot {
  const p = tick.precision;
  return {
    price: formatScaled(tick.price, p),
    bid: formatScaled(tick.bid, p),
    ask: formatScaled(tick.ask, p),
    change24h: changePercent(tick.price, tick.open24h),
    high24h: formatScaled(tick.high24h, p),
    low24h: formatScaled(tick.low24h, p),
    volume24h: String(tick.volume24h),
    ts: tick.tMs,
  };
}

export function toTicker(tick: TMarketTick): TTickerEvent {
  const snapshot = toSnapshot(tick);
  return {
    key: tick.key,
    price: snapshot.price,
    bid: snapshot.bid,
    ask: snapshot.ask,
    change24h: snapshot.change24h,
    ts: tick.tMs,
  };
}

/**
 * The latest state of every pair, kept in memory from the market's ticks: the API answers prices
 * from here without touching the database, in any process. The process running the market engine
 * hands it each tick directly (`accept`), so its prices do not depend on the bus; every other
 * process reads them off the bus.
 */
export function createPriceBoard(bus: Bus) {
  const origin = randomUUID();
  const latest = new Map<string, TMarketTick>();
  /** The candle each interval closed last, per pair: storage receives it a moment later. */
  const lastClosed = new Map<string, Candle>();
  const listeners = new Set<(tick: TMarketTick) => void>();
  let prices = preparedBody(Buffer.from('{"message":"Prices fetched successfully","data":{}}'), 'once');
  let builtAtMs = 0;
  let isDirty = false;
  let unsubscribe: (() => Promise<void>) | undefined;

  const accept = (message: TMarketTick) => {
    const previous = latest.get(message.symbol);
    // The open candles travel with each tick; a quiet refresh may carry none.
    const tick =
      message.candles.length === 0 && previous ? { ...message, candles: previous.candles } : message;
    latest.set(tick.symbol, tick);
    for (const { interval, candle } of tick.closed) lastClosed.set(`${tick.symbol}|${interval}`, candle);
    isDirty = true;
    for (const listener of listeners) listener(tick);
  };
  /** Whether a tick on the wire came from this process's own engine (already taken). */
  const isOwn = (message: unknown) =>
    typeof message === 'object' && message !== null && (message as { origin?: unknown }).origin === origin;

  return {
    /** Names this board on the ticks its process's engine publishes. */
    origin,
    /** A tick from the market engine running in this process. */
    accept,
    async start() {
      unsubscribe = await bus.subscribe(MARKET_TICK_CHANNEL, accept, { only: (message) => !isOwn(message) });
    },
    async stop() {
      await unsubscribe?.();
      listeners.clear();
    },
    /**
     * The whole `/public/prices` body, serialised (and compressed, once per encoding asked for) at
     * most every PRICES_REBUILD_MS.
     */
    pricesBody(nowMs = Date.now()): PreparedBody {
      if (isDirty && nowMs - builtAtMs >= PRICES_REBUILD_MS) {
        const data: Record<string, TPriceSnapshot> = {};
        for (const tick of latest.values()) data[tick.key] = toSnapshot(tick);
        prices = preparedBody(
          Buffer.from(JSON.stringify({ message: 'Prices fetched successfully', data })),
          'once',
        );
        builtAtMs = nowMs;
        isDirty = false;
      }
      return prices;
    },
    get(symbol: string): TMarketTick | undefined {
      return latest.get(symbol);
    },
    all(): IterableIterator<TMarketTick> {
      return latest.values();
    },
    /** The open candle of an interval, as last announced. */
    liveCandle(symbol: string, interval: string): Candle | undefined {
      return latest.get(symbol)?.candles.find((entry) => entry.interval === interval)?.candle;
    },
    /** The candle an interval finished last, as announced (possibly not stored yet). */
    closedCandle(symbol: string, interval: string): Candle | undefined {
      return lastClosed.get(`${symbol}|${interval}`);
    },
    onTick(listener: (tick: TMarketTick) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type PriceBoard = ReturnType<typeof createPriceBoard>;
