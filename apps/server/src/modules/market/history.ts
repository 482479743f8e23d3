import type { Logger } from '../../platform/logger';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../platform/time-units';
import { aggregate, type Candle, CandleBuilder } from './candle-builder';
import type { CandleRow, CandlesRepository, StoredResolution } from './candles.repository';
import { bucketStart, CANDLE_INTERVALS } from './intervals';
import { PricePath, pathSeed, type SimPair, simulateBars } from './simulator';

/** How far back a first start fills each stored resolution (issue: charts full from the first minute). */
export const HISTORY_DAYS = { days: 365, hours: 90, minutes: 7 } as const;
/** A restart fills the minutes it missed, up to this far back; older gaps stay gaps. */
const GAP_FILL_MS_MAX = 30 * DAY_MS;
/** Sub-steps per simulated bar: enough for believable highs and lows. */
const STEPS = { day: 24, hour: 12, minute: 6 } as const;

const rowsOf = (symbol: string, resolution: StoredResolution, list: Candle[]): CandleRow[] =>
  list.map((candle) => ({ symbol, resolution, ...candle }));

/** Buckets of `interval` that end at or before `untilMs`: only those are final. */
const closedBefore = (list: Candle[], interval: '60' | '1D', untilMs: number) =>
  aggregate(list, interval).filter((candle) => candle.t < bucketStart(interval, untilMs));

/**
 * A year of history for a pair with none: days, then hours, then minutes up to now, one continuous
 * path; each coarser resolution is the finer one aggregated wherever both exist.
 */
export function generateHistory(pair: SimPair, marketSeed: number, nowMs: number) {
  const today = bucketStart('1D', nowMs);
  const dayFrom = today - HISTORY_DAYS.days * DAY_MS;
  const hourFrom = today - HISTORY_DAYS.hours * DAY_MS;
  const minuteFrom = today - HISTORY_DAYS.minutes * DAY_MS;
  const currentMinute = bucketStart('1', nowMs);

  const path = new PricePath(pair, pathSeed(marketSeed, pair.symbol, dayFrom));
  const oldDays = simulateBars(path, pair.pairType, dayFrom, hourFrom, DAY_MS, STEPS.day);
  const oldHours = simulateBars(path, pair.pairType, hourFrom, minuteFrom, HOUR_MS, STEPS.hour);
  const minutes = simulateBars(path, pair.pairType, minuteFrom, currentMinute, MINUTE_MS, STEPS.minute);
  const hours = [...oldHours, ...closedBefore(minutes, '60', nowMs)];
  const days = [...oldDays, ...closedBefore([...oldHours, ...aggregate(minutes, '60')], '1D', nowMs)];
  return { minutes, hours, days, path };
}

export interface PairMarket {
  pair: SimPair;
  path: PricePath;
  builder: CandleBuilder;
  /** The closed minutes of the last 24 hours, oldest first (the day's figures roll over them). */
  day: Candle[];
}

/**
 * Brings one pair's stored history up to now (a year of it on the first start, the missed minutes
 * after a restart) and returns its price path, a candle builder holding the open candles and the
 * last 24 hours of minutes. The minutes are read once, after any are written, for all three uses.
 */
export async function preparePair(
  pair: SimPair,
  repo: CandlesRepository,
  options: { marketSeed: number; nowMs: number; logger: Logger; isSimulated?: boolean },
): Promise<PairMarket> {
  const { nowMs, marketSeed } = options;
  const currentMinute = bucketStart('1', nowMs);
  const latest = await repo.latest(pair.symbol, '1');
  const dayFrom = nowMs - DAY_MS;
  let path: PricePath;
  let minutes: Candle[] | undefined;

  if (options.isSimulated === false) {
    // A live feed writes its own history from now on: nothing is invented for it.
    path = new PricePath(
      pair,
      pathSeed(marketSeed, pair.symbol, nowMs),
      latest ? latest.c / 10 ** pair.pricePrecision : pair.referencePrice,
    );
  } else if (!latest) {
    const history = generateHistory(pair, marketSeed, nowMs);
    await repo.upsert([
      ...rowsOf(pair.symbol, '1D', history.days),
      ...rowsOf(pair.symbol, '60', history.hours),
      ...rowsOf(pair.symbol, '1', history.minutes),
    ]);
    path = history.path;
  } else {
    const resumeFrom = Math.max(latest.t + MINUTE_MS, currentMinute - GAP_FILL_MS_MAX);
    path = new PricePath(
      pair,
      pathSeed(marketSeed, pair.symbol, resumeFrom),
      latest.c / 10 ** pair.pricePrecision,
    );
    const missed = simulateBars(path, pair.pairType, resumeFrom, currentMinute, MINUTE_MS, STEPS.minute);
    if (missed.length > 0) {
      // Re-aggregate the hours and days the new minutes touch, from everything stored for them.
      const fromHour = bucketStart('60', latest.t);
      const fromDay = bucketStart('1D', latest.t);
      await repo.upsert(rowsOf(pair.symbol, '1', missed));
      minutes = await repo.range(pair.symbol, '1', Math.min(fromDay, dayFrom), nowMs + 1);
      const hours = closedBefore(
        minutes.filter((candle) => candle.t >= fromHour && candle.t < currentMinute),
        '60',
        nowMs,
      );
      await repo.upsert(rowsOf(pair.symbol, '60', hours));
      const dayHours = await repo.range(pair.symbol, '60', fromDay, bucketStart('60', nowMs));
      await repo.upsert(rowsOf(pair.symbol, '1D', closedBefore(dayHours, '1D', nowMs)));
    }
  }

  minutes ??= await repo.range(pair.symbol, '1', dayFrom, nowMs + 1);
  return {
    pair,
    path,
    builder: await resumeBuilder(pair.symbol, repo, nowMs, minutes),
    day: minutes.filter((candle) => candle.t >= dayFrom && candle.t < currentMinute),
  };
}

/**
 * Open candles of every interval, rebuilt from storage: the days of the current week or month
 * before today, then today's minutes (from `minutes`, stored ones reaching back past midnight).
 */
async function resumeBuilder(
  symbol: string,
  repo: CandlesRepository,
  nowMs: number,
  minutes: Candle[],
): Promise<CandleBuilder> {
  const builder = new CandleBuilder(CANDLE_INTERVALS);
  const today = bucketStart('1D', nowMs);
  const earliest = Math.min(bucketStart('1W', nowMs), bucketStart('1M', nowMs));
  const days = await repo.range(symbol, '1D', earliest, today);
  const todays = minutes.filter((candle) => candle.t >= today);
  for (const interval of CANDLE_INTERVALS) {
    const from = bucketStart(interval, nowMs);
    const parts = [
      ...days.filter((candle) => candle.t >= from),
      ...todays.filter((candle) => candle.t >= from),
    ];
    const [open] = aggregate(parts, interval).filter((candle) => candle.t === from);
    if (open) builder.resume(interval, open);
  }
  return builder;
}
