import type { TIndicator } from '@td/contracts/chart-settings';
import type { TCandleNumbers } from '@td/contracts/market';

/**
 * Chart indicators, computed incrementally: each is a pure `step` from the state after the last
 * closed candle and one candle to the next state and that candle's values. The engine keeps the
 * state of the closed candles and steps the live one from it on every tick (never the history
 * again); when a newer candle arrives, the previous one is closed into the state.
 *
 * Indicators are drawn, not traded on: they work in floating point, unlike money.
 */

/** A candle as the indicators read it: its time (ms) and numbers. */
export type TBar = TCandleNumbers;

/** One candle's values, by line ('value', 'upper', 'signal'…); undefined while warming up. */
export type TValues = Readonly<Record<string, number | undefined>>;

interface TStepper<S> {
  initial: S;
  step(state: S, bar: TBar): { state: S; values: TValues };
}

/** A running mean of the last `period` numbers, the newest included (undefined until there are enough). */
interface TWindow {
  /** The last period−1 numbers before the current one, oldest first. */
  values: readonly number[];
  sum: number;
  sumSquares: number;
}
const emptyWindow: TWindow = { values: [], sum: 0, sumSquares: 0 };

function pushWindow(window: TWindow, value: number, period: number) {
  const sum = window.sum + value;
  const sumSquares = window.sumSquares + value * value;
  const isFull = window.values.length === period - 1;
  const values = [...window.values, value];
  const first = values[0] ?? 0;
  const next: TWindow =
    values.length > period - 1
      ? { values: values.slice(1), sum: sum - first, sumSquares: sumSquares - first * first }
      : { values, sum, sumSquares };
  return {
    next,
    full: isFull
      ? { mean: sum / period, variance: Math.max(0, sumSquares / period - (sum / period) ** 2) }
      : undefined,
  };
}

const sma = (period: number): TStepper<TWindow> => ({
  initial: emptyWindow,
  step(state, bar) {
    const { next, full } = pushWindow(state, bar.c, period);
    return { state: next, values: { value: full?.mean } };
  },
});

const bollinger = (period: number, deviations: number): TStepper<TWindow> => ({
  initial: emptyWindow,
  step(state, bar) {
    const { next, full } = pushWindow(state, bar.c, period);
    if (!full) return { state: next, values: { middle: undefined, upper: undefined, lower: undefined } };
    const spread = deviations * Math.sqrt(full.variance);
    return {
      state: next,
      values: { middle: full.mean, upper: full.mean + spread, lower: full.mean - spread },
    };
  },
});

/** An exponential average seeded by the simple average of its first `period` values. */
interface TEma {
  count: number;
  seedSum: number;
  value: number | undefined;
}
const emptyEma: TEma = { count: 0, seedSum: 0, value: undefined };

function stepEma(state: TEma, input: number, period: number): TEma {
  if (state.value !== undefined) {
    const k = 2 / (period + 1);
    return { count: state.count + 1, seedSum: 0, value: (input - state.value) * k + state.value };
  }
  const count = state.count + 1;
  const seedSum = state.seedSum + input;
  return { count, seedSum, value: count === period ? seedSum / period : undefined };
}

const ema = (period: number): TStepper<TEma> => ({
  initial: emptyEma,
  step(state, bar) {
    const next = stepEma(state, bar.c, period);
    return { state: next, values: { value: next.value } };
  },
});

/** The average price weighted by volume since the start of the candle's day (UTC). */
interface TVwap {
  day: number;
  priceVolume: number;
  volume: number;
}
const DAY_MS = 86_400_000;

const vwap = (): TStepper<TVwap> => ({
  initial: { day: -1, priceVolume: 0, volume: 0 },
  step(state, bar) {
    const day = Math.floor(bar.t / DAY_MS);
    const base = day === state.day ? state : { day, priceVolume: 0, volume: 0 };
    const typical = (bar.h + bar.l + bar.c) / 3;
    const next = { day, priceVolume: base.priceVolume + typical * bar.v, volume: base.volume + bar.v };
    return { state: next, values: { value: next.volume > 0 ? next.priceVolume / next.volume : typical } };
  },
});

/** Wilder's RSI: the first average of gains and losses is simple, then each is smoothed by 1/period. */
interface TRsi {
  previousClose: number | undefined;
  count: number;
  gain: number;
  loss: number;
}

const rsi = (period: number): TStepper<TRsi> => ({
  initial: { previousClose: undefined, count: 0, gain: 0, loss: 0 },
  step(state, bar) {
    if (state.previousClose === undefined) {
      return { state: { ...state, previousClose: bar.c }, values: { value: undefined } };
    }
    const change = bar.c - state.previousClose;
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    const count = state.count + 1;
    let gain: number;
    let loss: number;
    if (count <= period) {
      gain = state.gain + up / period;
      loss = state.loss + down / period;
    } else {
      gain = (state.gain * (period - 1) + up) / period;
      loss = (state.loss * (period - 1) + down) / period;
    }
    const next = { previousClose: bar.c, count, gain, loss };
    if (count < period) return { state: next, values: { value: undefined } };
    const value = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
    return { state: next, values: { value } };
  },
});

interface TMacd {
  fast: TEma;
  slow: TEma;
  signal: TEma;
}

const macd = (fast: number, slow: number, signal: number): TStepper<TMacd> => ({
  initial: { fast: emptyEma, slow: emptyEma, signal: emptyEma },
  step(state, bar) {
    const nextFast = stepEma(state.fast, bar.c, fast);
    const nextSlow = stepEma(state.slow, bar.c, slow);
    if (nextFast.value === undefined || nextSlow.value === undefined) {
      return {
        state: { fast: nextFast, slow: nextSlow, signal: state.signal },
        values: { macd: undefined, signal: undefined, histogram: undefined },
      };
    }
    const line = nextFast.value - nextSlow.value;
    const nextSignal = stepEma(state.signal, line, signal);
    return {
      state: { fast: nextFast, slow: nextSlow, signal: nextSignal },
      values: {
        macd: line,
        signal: nextSignal.value,
        histogram: nextSignal.value === undefined ? undefined : line - nextSignal.value,
      },
    };
  },
});

const volume = (): TStepper<null> => ({
  initial: null,
  step: (state, bar) => ({ state, values: { value: bar.v } }),
});

function stepperOf(indicator: TIndicator): TStepper<unknown> {
  switch (indicator.kind) {
    case 'sma':
      return sma(indicator.period) as TStepper<unknown>;
    case 'ema':
      return ema(indicator.period) as TStepper<unknown>;
    case 'bollinger':
      return bollinger(indicator.period, indicator.deviations) as TStepper<unknown>;
    case 'vwap':
      return vwap() as TStepper<unknown>;
    case 'rsi':
      return rsi(indicator.period) as TStepper<unknown>;
    case 'macd':
      return macd(indicator.fast, indicator.slow, indicator.signal) as TStepper<unknown>;
    case 'volume':
      return volume() as TStepper<unknown>;
  }
}

export interface TIndicatorEngine {
  /** Every candle's values from a whole list (a first page, older history added, a new interval). */
  reset(bars: readonly TBar[]): TValues[];
  /**
   * A live candle: the same time as the newest replaces its values; a newer one closes the newest
   * into the state first. Costs one step, whatever the history's length.
   */
  push(bar: TBar): TValues;
}

export function createIndicatorEngine(indicator: TIndicator): TIndicatorEngine {
  const stepper = stepperOf(indicator);
  /** The state after every candle before the newest. */
  let closed: unknown = stepper.initial;
  let newest: TBar | undefined;

  return {
    reset(bars) {
      closed = stepper.initial;
      newest = undefined;
      const out: TValues[] = [];
      let state = stepper.initial;
      for (const [index, bar] of bars.entries()) {
        if (index === bars.length - 1) closed = state;
        const result = stepper.step(state, bar);
        state = result.state;
        out.push(result.values);
      }
      newest = bars.at(-1);
      return out;
    },
    push(bar) {
      if (newest && bar.t > newest.t) closed = stepper.step(closed, newest).state;
      if (newest && bar.t < newest.t) return stepper.step(closed, newest).values;
      newest = bar;
      return stepper.step(closed, bar).values;
    },
  };
}

/** The lines an indicator draws, and whether they share the candles' pane. */
export function linesOf(indicator: TIndicator): { keys: readonly string[]; hasOwnPane: boolean } {
  switch (indicator.kind) {
    case 'bollinger':
      return { keys: ['upper', 'middle', 'lower'], hasOwnPane: false };
    case 'macd':
      return { keys: ['histogram', 'macd', 'signal'], hasOwnPane: true };
    case 'rsi':
    case 'volume':
      return { keys: ['value'], hasOwnPane: true };
    default:
      return { keys: ['value'], hasOwnPane: false };
  }
}
