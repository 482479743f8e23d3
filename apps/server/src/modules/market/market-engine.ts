import { parseScaled } from '@td/contracts/decimal';
import type { Bus } from '../../platform/bus/bus';
import type { DatabaseHandle } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import { markLoopWork } from '../../platform/loop-blocks';
import { DAY_MS } from '../../platform/time-units';
import { CATALOGUE_BY_SYMBOL, pairKey } from '../pairs/catalogue';
import { createPairsRepository, type PairRow } from '../pairs/pairs.repository';
import { type BinanceFeed, createBinanceFeed, type FeedEvent } from './binance-feed';
import type { IntervalCandle } from './candle-builder';
import { type CandleRow, createCandlesRepository, type StoredResolution } from './candles.repository';
import { createFinnhubFeed, type FinnhubFeed } from './finnhub-feed';
import { type PairMarket, preparePair } from './history';
import { MARKET_TICK_CHANNEL, type TMarketTick } from './market-events';
import { isMarketOpen } from './market-hours';
import { feedOf } from './price-sources';
import { createRng, hashSeed, type Rng } from './rng';
import type { SimPair } from './simulator';

/**
 * How often the simulator moves the prices; each pair ticks on most of them. A little over the
 * stream's 250 ms throttle, so that each tick can go out at once instead of waiting out the throttle.
 */
export const TICK_MS = 275;
const TICK_CHANCE = 0.75;
/** Closed candles are written in batches, at most this long after they close. */
const FLUSH_MS = 1_000;
/** Pairs whose market is closed still announce their last price this often. */
const QUIET_REFRESH_MS = 5_000;
const STORED = new Set<string>(['1', '60', '1D']);
/**
 * Pairs whose history is prepared at once. The embedded database runs one statement at a time,
 * so more would only keep several pairs' generated years alive together (they get promoted and
 * stay in the heap); a PostgreSQL server takes them in parallel.
 */
const PARALLEL_PREPARE = { pglite: 1, postgres: 4 } as const;

interface LivePair extends PairMarket {
  row: PairRow;
  /** Set when an exchange feed prices this pair: the last price and quote it sent (minor units). */
  feed?: { price: number; bid?: number; ask?: number };
  key: string;
  lastTickMs: number;
  lastPublishMs: number;
  /** Whether the simulated pair trades on a given tick: seeded per pair, so a run replays. */
  tickRng: Rng;
}

/** Defaults for a pair an administrator added that the catalogue does not know. */
function simPairOf(row: PairRow, lastPrice?: number): SimPair {
  const known = CATALOGUE_BY_SYMBOL.get(row.symbol);
  if (known) return known;
  return {
    symbol: row.symbol,
    pairType: row.pairType,
    pricePrecision: row.pricePrecision,
    referencePrice: lastPrice ?? 100,
    annualVolatility: row.pairType === 'forex' ? 0.08 : row.pairType === 'stocks' ? 0.3 : 0.8,
    dailyVolumeUsd: 1e8,
  };
}

/**
 * The market role's heart: prepares every pair's history, then moves prices every TICK_MS, builds
 * candles, stores the closed ones and publishes each pair's state on the bus.
 */
export function createMarketEngine(deps: {
  db: DatabaseHandle;
  bus: Bus;
  logger: Logger;
  marketSeed: number;
  /** Only these pairs (tests); every pair when unset. */
  symbols?: string[];
  /** Told every pair's new quote, in minor units (the trigger engine). */
  onQuote?: (symbol: string, bid: number, ask: number) => void;
  /**
   * This process's price board: each tick is handed to it directly, so the process's own prices
   * stay current while the bus is down, and published with its `origin` for every other process.
   */
  board?: { origin: string; accept: (tick: TMarketTick) => void };
  /** A real exchange for the crypto pairs; the others stay simulated unless `finnhub` is set. */
  feed?: { kind: 'binance'; url: string } | undefined;
  /** Finnhub's trade stream for the forex and stock pairs. */
  finnhub?: { url: string; token: string } | undefined;
  /** The engine's clock (default `Date.now`): with the seed, it fixes every simulated price. */
  now?: () => number;
  /** Calls `tick` every `ms` until the returned function stops it (default `setInterval`). */
  every?: (ms: number, tick: () => void) => () => void;
}) {
  const now = deps.now ?? Date.now;
  const every =
    deps.every ??
    ((ms: number, fn: () => void) => {
      const timer = setInterval(fn, ms);
      return () => clearInterval(timer);
    });
  const log = deps.logger.child({ module: 'market' });
  const candlesRepo = createCandlesRepository(deps.db);
  const pairsRepo = createPairsRepository(deps.db.db);
  const live = new Map<string, LivePair>();
  let pending: CandleRow[] = [];
  let stopTicking: (() => void) | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  let isStopped = false;
  let flushing: Promise<void> = Promise.resolve();
  let prepared: Promise<void> = Promise.resolve();
  const feedSymbols = new Set<string>();
  let binance: BinanceFeed | undefined;
  let finnhub: FinnhubFeed | undefined;

  /** A price from the exchange: it moves the candles exactly as a simulated tick does. */
  const onFeedEvent = (event: FeedEvent) => {
    const pair = live.get(event.symbol);
    if (!pair?.feed) return;
    const scale = pair.row.pricePrecision;
    if (event.kind === 'quote') {
      pair.feed.bid = Number(parseScaled(event.bid, scale, 'half-up'));
      pair.feed.ask = Number(parseScaled(event.ask, scale, 'half-up'));
      return;
    }
    const price = Number(parseScaled(event.price, scale, 'half-up'));
    if (price <= 0) return;
    pair.feed.price = price;
    pair.lastTickMs = Math.max(pair.lastTickMs, event.tMs);
    const changes = pair.builder.add({ tMs: pair.lastTickMs, price, volume: Math.round(event.quoteVolume) });
    store(pair.row.symbol, changes.closed);
    rollDay(pair, changes.closed, now());
    publish(pair, now(), changes.updated, changes.closed);
  };

  const priceOf = (pair: LivePair) => pair.feed?.price ?? pair.path.scaledPrice;
  const spreadOf = (pair: LivePair, price: number) => {
    if (pair.feed?.bid && pair.feed.ask) return { bid: pair.feed.bid, ask: pair.feed.ask };
    const half = Math.max(1, Math.round((price * pair.row.spreadPpm) / 2_000_000));
    return { bid: Math.max(1, price - half), ask: price + half };
  };

  const store = (symbol: string, closed: IntervalCandle[]) => {
    for (const { interval, candle } of closed) {
      if (STORED.has(interval)) pending.push({ symbol, resolution: interval as StoredResolution, ...candle });
    }
  };

  const rollDay = (pair: LivePair, closed: IntervalCandle[], nowMs: number) => {
    for (const { interval, candle } of closed) if (interval === '1') pair.day.push(candle);
    while (pair.day.length > 0 && (pair.day[0]?.t ?? 0) < nowMs - DAY_MS) pair.day.shift();
  };

  /**
   * Sends a pair's state. `isNewPrice` is false for the quiet refresh of an unchanged price: the
   * triggers are not run again on it, so on a feed that went quiet they wait for a fresh price.
   */
  const publish = (
    pair: LivePair,
    nowMs: number,
    candles: IntervalCandle[],
    closed: IntervalCandle[],
    isNewPrice = true,
  ) => {
    const price = priceOf(pair);
    const { bid, ask } = spreadOf(pair, price);
    if (isNewPrice) deps.onQuote?.(pair.row.symbol, bid, ask);
    let high = price;
    let low = price;
    let volume = 0;
    for (const candle of pair.day) {
      if (candle.h > high) high = candle.h;
      if (candle.l < low) low = candle.l;
      volume += candle.v;
    }
    const minute = pair.builder.current('1');
    if (minute && minute.t >= nowMs - DAY_MS) {
      high = Math.max(high, minute.h);
      low = Math.min(low, minute.l);
      volume += minute.v;
    }
    const tick: TMarketTick = {
      symbol: pair.row.symbol,
      pairType: pair.row.pairType,
      key: pair.key,
      precision: pair.row.pricePrecision,
      tMs: pair.lastTickMs,
      price,
      bid,
      ask,
      open24h: pair.day[0]?.o ?? minute?.o ?? price,
      high24h: high,
      low24h: low,
      volume24h: volume,
      candles,
      closed,
    };
    pair.lastPublishMs = nowMs;
    if (deps.board) {
      tick.origin = deps.board.origin;
      deps.board.accept(tick);
      // On the in-process bus the board is the tick's only reader, and it has it: copying it onto
      // the bus would only have it skipped.
      if (deps.bus.kind === 'memory') return;
    }
    deps.bus
      .publish(MARKET_TICK_CHANNEL, tick)
      .catch((error: unknown) => log.warn({ err: error }, 'publishing a tick failed'));
  };

  const tick = () => {
    markLoopWork('market tick');
    const nowMs = now();
    for (const pair of live.values()) {
      const quietClosed = pair.builder.closeUpTo(nowMs);
      if (quietClosed.length > 0) {
        store(pair.row.symbol, quietClosed);
        rollDay(pair, quietClosed, nowMs);
      }
      const isOpen = isMarketOpen(pair.row.pairType, nowMs);
      if (!pair.feed && isOpen && pair.tickRng.next() < TICK_CHANCE) {
        const volume = pair.path.step(nowMs - pair.lastTickMs);
        pair.lastTickMs = nowMs;
        const changes = pair.builder.add({
          tMs: nowMs,
          price: pair.path.scaledPrice,
          volume: Math.round(volume),
        });
        store(pair.row.symbol, changes.closed);
        rollDay(pair, changes.closed, nowMs);
        publish(pair, nowMs, changes.updated, changes.closed);
      } else if (nowMs - pair.lastPublishMs >= QUIET_REFRESH_MS || quietClosed.length > 0) {
        const candles = pair.builder.intervals.flatMap((interval) => {
          const candle = pair.builder.current(interval);
          return candle ? [{ interval, candle }] : [];
        });
        publish(pair, nowMs, candles, quietClosed, false);
      }
    }
  };

  const flush = async () => {
    markLoopWork('candle flush');
    if (pending.length === 0) return;
    const rows = pending;
    pending = [];
    try {
      await candlesRepo.upsert(rows);
    } catch (error) {
      // Kept for the next flush: a closed candle is never dropped for a passing database error.
      pending = [...rows, ...pending];
      log.error({ err: error, rows: rows.length }, 'storing candles failed; will retry');
    }
  };

  const prepare = async (rows: PairRow[]) => {
    const started = now();
    const queue = [...rows];
    const work = async () => {
      for (let row = queue.shift(); row && !isStopped; row = queue.shift()) {
        const nowMs = now();
        const isFed = feedSymbols.has(row.symbol);
        const market = await preparePair(simPairOf(row), candlesRepo, {
          marketSeed: deps.marketSeed,
          nowMs,
          logger: log,
          isSimulated: !isFed,
        });
        const { day } = market;
        const pair: LivePair = {
          ...market,
          row,
          key: pairKey(row.pairType, row.symbol),
          // A fed pair's stored price is as old as its last stored minute: it is delayed until the
          // exchange's first price, not quoted as fresh because this process just started.
          lastTickMs: isFed ? (day.at(-1)?.t ?? 0) : nowMs,
          lastPublishMs: 0,
          tickRng: createRng(hashSeed(deps.marketSeed, row.symbol, 'ticks', nowMs)),
          ...(isFed ? { feed: { price: market.path.scaledPrice } } : {}),
        };
        live.set(row.symbol, pair);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_PREPARE[deps.db.kind] }, work));
    log.info({ pairs: live.size, ms: now() - started }, 'market history ready');
  };

  return {
    /** Starts ticking at once; each pair joins as soon as its history is ready. */
    async start(): Promise<() => Promise<void>> {
      const rows = (await pairsRepo.all()).filter(
        (row) => !deps.symbols || deps.symbols.includes(row.symbol),
      );
      const sources = {
        MARKET_FEED: deps.feed?.kind ?? 'sim',
        FINNHUB_API_KEY: deps.finnhub?.token,
      } as const;
      const fedBy = (feed: 'binance' | 'finnhub') =>
        rows.filter((row) => feedOf(sources, row.pairType) === feed);
      if (deps.feed?.kind === 'binance') {
        const symbols = fedBy('binance').map((row) => row.symbol);
        for (const symbol of symbols) feedSymbols.add(symbol);
        binance = createBinanceFeed({ url: deps.feed.url, symbols, logger: log });
      }
      if (deps.finnhub) {
        const pairs = fedBy('finnhub');
        for (const pair of pairs) feedSymbols.add(pair.symbol);
        finnhub = createFinnhubFeed({ ...deps.finnhub, pairs, logger: log });
      }
      prepared = prepare(rows).catch((error: unknown) =>
        log.error({ err: error }, 'preparing market history failed'),
      );
      stopTicking = every(TICK_MS, tick);
      for (const feed of [binance, finnhub]) if (feed) void prepared.then(() => feed.start(onFeedEvent));
      flushTimer = setInterval(() => {
        flushing = flushing.then(flush);
      }, FLUSH_MS);
      return async () => {
        isStopped = true;
        await binance?.stop();
        await finnhub?.stop();
        stopTicking?.();
        clearInterval(flushTimer);
        await prepared;
        await flushing;
        await flush();
      };
    },
    /** Resolves once every pair's history is stored (tests, benchmarks). */
    ready: () => prepared,
    /** Moves every pair once, at the engine's clock (its timer does this every TICK_MS). */
    tick,
    livePairs: () => live,
  };
}
export type MarketEngine = ReturnType<typeof createMarketEngine>;
