import type { TIndicator } from '@td/contracts/chart-settings';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIndicatorEngine, type TBar, type TValues } from './indicators';

const MINUTE = 60_000;
const bars = (closes: readonly number[], volumes?: readonly number[]): TBar[] =>
  closes.map((c, i) => ({ t: i * MINUTE, o: c, h: c + 1, l: c - 1, c, v: volumes?.[i] ?? 10 }));
const line = (values: TValues[], key = 'value') => values.map((value) => value[key]);
const round = (values: ReadonlyArray<number | undefined>) =>
  values.map((value) => (value === undefined ? undefined : Math.round(value * 1e6) / 1e6));

// The definitions, written the plain way (every value from the whole history): the reference the
// incremental engine must match.
const reference = {
  sma(closes: number[], period: number) {
    return closes.map((_, i) =>
      i < period - 1 ? undefined : closes.slice(i - period + 1, i + 1).reduce((a, b) => a + b, 0) / period,
    );
  },
  ema(values: Array<number | undefined>, period: number) {
    const out: Array<number | undefined> = [];
    const defined = values.map((value, i) => ({ value, i })).filter((x) => x.value !== undefined);
    let previous: number | undefined;
    const byIndex = new Map<number, number>();
    for (const [n, { value, i }] of defined.entries()) {
      if (n < period - 1) continue;
      if (n === period - 1) {
        previous = defined.slice(0, period).reduce((a, b) => a + (b.value ?? 0), 0) / period;
      } else if (previous !== undefined && value !== undefined) {
        previous = (value - previous) * (2 / (period + 1)) + previous;
      }
      if (previous !== undefined) byIndex.set(i, previous);
    }
    for (let i = 0; i < values.length; i++) out.push(byIndex.get(i));
    return out;
  },
  rsi(closes: number[], period: number) {
    const out: Array<number | undefined> = [undefined];
    let gain = 0;
    let loss = 0;
    for (let i = 1; i < closes.length; i++) {
      const change = (closes[i] ?? 0) - (closes[i - 1] ?? 0);
      const up = Math.max(change, 0);
      const down = Math.max(-change, 0);
      if (i <= period) {
        gain += up / period;
        loss += down / period;
      } else {
        gain = (gain * (period - 1) + up) / period;
        loss = (loss * (period - 1) + down) / period;
      }
      out.push(i < period ? undefined : loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss));
    }
    return out;
  },
  bollinger(closes: number[], period: number, deviations: number) {
    return closes.map((_, i) => {
      if (i < period - 1) return undefined;
      const window = closes.slice(i - period + 1, i + 1);
      const mean = window.reduce((a, b) => a + b, 0) / period;
      const sd = Math.sqrt(window.reduce((a, b) => a + (b - mean) ** 2, 0) / period);
      return { upper: mean + deviations * sd, middle: mean, lower: mean - deviations * sd };
    });
  },
};

describe('indicators against hand-worked values', () => {
  it('SMA 3 of 1…6', () => {
    const engine = createIndicatorEngine({ kind: 'sma', period: 3 });
    expect(line(engine.reset(bars([1, 2, 3, 4, 5, 6])))).toEqual([undefined, undefined, 2, 3, 4, 5]);
  });

  it('EMA 3 of 1…5: seeded by the simple average, then halfway to each close', () => {
    const engine = createIndicatorEngine({ kind: 'ema', period: 3 });
    expect(line(engine.reset(bars([1, 2, 3, 4, 5])))).toEqual([undefined, undefined, 2, 3, 4]);
  });

  it('RSI: only gains is 100, only losses is 0, an even swing is 50', () => {
    const engine = createIndicatorEngine({ kind: 'rsi', period: 2 });
    expect(line(engine.reset(bars([1, 2, 3, 4]))).at(-1)).toBe(100);
    expect(line(engine.reset(bars([4, 3, 2, 1]))).at(-1)).toBe(0);
    expect(line(engine.reset(bars([1, 2, 1]))).at(-1)).toBe(50);
  });

  it('Bollinger bands of a flat price close on it; of 1, 2, 3 they are the mean ± 2 × 0.8165', () => {
    const flat = createIndicatorEngine({ kind: 'bollinger', period: 3, deviations: 2 }).reset(
      bars([5, 5, 5]),
    );
    expect(flat.at(-1)).toEqual({ upper: 5, middle: 5, lower: 5 });
    const rising = createIndicatorEngine({ kind: 'bollinger', period: 3, deviations: 2 }).reset(
      bars([1, 2, 3]),
    );
    expect(round([rising.at(-1)?.upper, rising.at(-1)?.lower])).toEqual([3.632993, 0.367007]);
  });

  it('VWAP weighs the typical price by volume, and starts again each day', () => {
    const engine = createIndicatorEngine({ kind: 'vwap' });
    const day = [
      { t: 0, o: 10, h: 12, l: 9, c: 12, v: 1 }, // typical 11
      { t: MINUTE, o: 12, h: 14, l: 11, c: 14, v: 3 }, // typical 13
      { t: 86_400_000, o: 20, h: 21, l: 19, c: 20, v: 5 }, // a new day: typical 20
    ];
    expect(line(engine.reset(day))).toEqual([11, 12.5, 20]);
  });

  it('MACD is the fast EMA less the slow one, its signal an EMA of that', () => {
    const closes = Array.from({ length: 60 }, (_, i) => 100 + Math.sin(i / 4) * 10 + i / 3);
    const values = createIndicatorEngine({ kind: 'macd', fast: 3, slow: 6, signal: 4 }).reset(bars(closes));
    const fast = reference.ema(closes, 3);
    const slow = reference.ema(closes, 6);
    const macd = closes.map((_, i) => (slow[i] === undefined ? undefined : (fast[i] ?? 0) - (slow[i] ?? 0)));
    expect(round(line(values, 'macd'))).toEqual(round(macd));
    expect(round(line(values, 'signal'))).toEqual(round(reference.ema(macd, 4)));
  });
});

/** A price path with live ticks: each candle arrives as several updates of itself, then the next. */
const path = fc.array(
  fc.record({
    close: fc.double({ min: 1, max: 100_000, noNaN: true }),
    volume: fc.double({ min: 0, max: 1_000, noNaN: true }),
    ticks: fc.integer({ min: 1, max: 4 }),
  }),
  { minLength: 1, maxLength: 120 },
);

const INDICATORS: TIndicator[] = [
  { kind: 'sma', period: 7 },
  { kind: 'ema', period: 5 },
  { kind: 'bollinger', period: 10, deviations: 2.5 },
  { kind: 'vwap' },
  { kind: 'rsi', period: 6 },
  { kind: 'macd', fast: 4, slow: 9, signal: 3 },
  { kind: 'volume' },
];

const close = (a: TValues, b: TValues) =>
  Object.keys({ ...a, ...b }).every((key) => {
    const [x, y] = [a[key], b[key]];
    if (x === undefined || y === undefined) return x === y;
    return Math.abs(x - y) <= 1e-7 * Math.max(1, Math.abs(x), Math.abs(y));
  });

describe('indicators computed live', () => {
  for (const indicator of INDICATORS) {
    it(`${indicator.kind}: every tick's values equal the whole history's, from one step each`, () => {
      fc.assert(
        fc.property(path, fc.integer({ min: 0, max: 40 }), (steps, pageSize) => {
          const all: TBar[] = [];
          const engine = createIndicatorEngine(indicator);
          const page = steps.slice(0, pageSize);
          // A first page from the server, then the live candles tick by tick.
          for (const [i, step] of page.entries()) {
            all.push({
              t: i * MINUTE,
              o: step.close,
              h: step.close * 1.01,
              l: step.close * 0.99,
              c: step.close,
              v: step.volume,
            });
          }
          engine.reset(all);
          for (const [n, step] of steps.slice(page.length).entries()) {
            const t = (page.length + n) * MINUTE;
            for (let tick = 1; tick <= step.ticks; tick++) {
              const price = step.close * (1 + tick / 1000);
              const bar = {
                t,
                o: step.close,
                h: price * 1.01,
                l: step.close * 0.99,
                c: price,
                v: (step.volume * tick) / step.ticks,
              };
              if (all.at(-1)?.t === t) all[all.length - 1] = bar;
              else all.push(bar);
              const live = engine.push(bar);
              const whole = createIndicatorEngine(indicator).reset(all).at(-1) ?? {};
              if (!close(live, whole)) return false;
            }
          }
          return true;
        }),
        { numRuns: 60 },
      );
    });
  }

  /** Equal to a billionth of the value (the running sums' rounding), undefined where the other is. */
  const expectCloseTo = (
    actual: ReadonlyArray<number | undefined>,
    expected: ReadonlyArray<number | undefined>,
  ) => {
    expect(actual.map((value) => value === undefined)).toEqual(expected.map((value) => value === undefined));
    for (const [i, value] of actual.entries()) {
      const want = expected[i];
      if (value === undefined || want === undefined) continue;
      expect(Math.abs(value - want)).toBeLessThanOrEqual(1e-9 * Math.abs(want));
    }
  };

  it('match the plain definitions over a long history', () => {
    const closes = Array.from(
      { length: 400 },
      (_, i) => 50_000 + Math.sin(i / 9) * 800 + Math.cos(i / 3) * 120,
    );
    const history = bars(closes);
    expectCloseTo(
      line(createIndicatorEngine({ kind: 'sma', period: 20 }).reset(history)),
      reference.sma(closes, 20),
    );
    expectCloseTo(
      line(createIndicatorEngine({ kind: 'ema', period: 50 }).reset(history)),
      reference.ema(closes, 50),
    );
    expectCloseTo(
      line(createIndicatorEngine({ kind: 'rsi', period: 14 }).reset(history)),
      reference.rsi(closes, 14),
    );
    const bands = createIndicatorEngine({ kind: 'bollinger', period: 20, deviations: 2 }).reset(history);
    const expected = reference.bollinger(closes, 20, 2);
    expectCloseTo(
      bands.map((value) => value.upper),
      expected.map((value) => value?.upper),
    );
    expectCloseTo(
      bands.map((value) => value.lower),
      expected.map((value) => value?.lower),
    );
  });
});
