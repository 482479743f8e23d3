/** A point of the equity curve on the chart: Unix seconds and USD (drawn only, never summed). */
export interface TTimedValue {
  time: number;
  value: number;
}

/** The chart's slots at most: the step grows until the period fits in this many. */
const SLOTS_MAX = 400;
const MINUTE_S = 60;
const HOUR_S = 3_600;
const DAY_S = 86_400;
/** Steps on round marks (seconds, minutes, hours, days, weeks, 30 days), smallest first. */
const STEPS_S = [
  1,
  5,
  15,
  30,
  MINUTE_S,
  5 * MINUTE_S,
  15 * MINUTE_S,
  HOUR_S,
  4 * HOUR_S,
  DAY_S,
  7 * DAY_S,
  30 * DAY_S,
  365 * DAY_S,
];

/** The smallest round step that lays `spanS` seconds out in at most SLOTS_MAX slots. */
export function timeStep(spanS: number): number {
  return STEPS_S.find((step) => spanS / step <= SLOTS_MAX) ?? STEPS_S[STEPS_S.length - 1] ?? DAY_S;
}

/**
 * The curve's points with empty slots (time only) every `step` where no point falls, so the
 * chart's time scale, which gives every slot the same width, spaces the points by the time
 * between them: a quiet week takes a week's width, a busy minute one slot each. The line joins the
 * points across the empty slots. Points must be in time order.
 */
export function timeSpaced(points: readonly TTimedValue[]): {
  data: Array<TTimedValue | { time: number }>;
  step: number;
} {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return { data: [...points], step: DAY_S };
  const step = timeStep(last.time - first.time);
  const data: Array<TTimedValue | { time: number }> = [];
  for (const [index, point] of points.entries()) {
    data.push(point);
    const next = points[index + 1];
    if (!next) break;
    // Empty slots on the step's marks strictly between this point and the next.
    for (let time = (Math.floor(point.time / step) + 1) * step; time < next.time; time += step) {
      data.push({ time });
    }
  }
  return { data, step };
}

/** The smallest height the price axis shows, as a share of the equity: ±1 % of it. */
const FLAT_SHARE = 0.01;
/** …and never less than ±1 USD (an account at zero). */
const FLAT_MIN_USD = 1;

/**
 * The price axis's range for a curve: its own, widened around its middle to ±1 % of the equity
 * (±1 USD at least) when it is flatter than that, so a new account's flat line sits mid-chart on
 * a readable axis instead of a scale collapsed onto one value.
 */
export function equityAxisRange(range: { minValue: number; maxValue: number }): {
  minValue: number;
  maxValue: number;
} {
  const middle = (range.minValue + range.maxValue) / 2;
  const half = Math.max(Math.abs(middle) * FLAT_SHARE, FLAT_MIN_USD);
  if (range.maxValue - range.minValue >= 2 * half) return range;
  return { minValue: middle - half, maxValue: middle + half };
}
