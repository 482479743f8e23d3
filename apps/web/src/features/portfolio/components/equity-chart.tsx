// The portfolio's equity curve (lightweight-charts), spaced by time so a quiet week is as wide as a
// busy one. A revalued latest point is updated in place, anything else is drawn anew; what was
// drawn is written on the element's data attributes for tests.
import {
  AreaSeries,
  type AutoscaleInfo,
  type IChartApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { type TChartColors, withAlpha } from '../../../domain/market/components/chart-theme';
import { useMoneyChart } from '../../../domain/market/components/use-money-chart';
import { formatMoney } from '../../../lib/format';
import { tCount, useLanguage } from '../../../lib/i18n';
import { equityAxisRange, timeSpaced } from '../equity-timeline';
import styles from './equity-chart.module.css';

export interface TEquityPoint {
  /** Unix ms. */
  t: number;
  /** Decimal string, USD. */
  equity: string;
}

interface TEquityChartProps {
  points: readonly TEquityPoint[];
  /** What the points are of ('demo|1M'): another series is drawn anew, the same one is updated. */
  seriesKey: string;
}

// Drawn only: the equity strings become numbers for the canvas, never for arithmetic.
const toPoint = (point: TEquityPoint) => ({
  time: Math.floor(point.t / 1000),
  value: Number(point.equity),
});

const seriesColors = (colors: TChartColors) => ({
  lineColor: colors.accent,
  topColor: withAlpha(colors.accent, 0.32),
  bottomColor: withAlpha(colors.accent, 0.02),
});

/** Frames to wait at most for the chart's first layout before describing it. */
const DESCRIBE_FRAMES_MAX = 30;

/**
 * Writes what the chart drew on its host, for tests and tools, once it has laid it out: the step
 * of its time slots, the x of each point (spaced by the time between them) and the price axis's
 * range. Returns a cancel.
 */
function describeDrawing(
  host: HTMLElement,
  chart: IChartApi,
  times: readonly number[],
  step: number,
): () => void {
  let frame = 0;
  const describe = (attempt: number) => {
    const xs = times.map((time) => chart.timeScale().timeToCoordinate(time as UTCTimestamp));
    const axis = chart.priceScale('right').getVisibleRange();
    if ((axis === null || xs.includes(null)) && attempt < DESCRIBE_FRAMES_MAX) {
      frame = requestAnimationFrame(() => describe(attempt + 1));
      return;
    }
    host.dataset.step = String(step);
    host.dataset.xs = xs.map((x) => (x === null ? '' : Math.round(x))).join(',');
    host.dataset.axisMin = axis ? axis.from.toFixed(2) : '';
    host.dataset.axisMax = axis ? axis.to.toFixed(2) : '';
  };
  frame = requestAnimationFrame(() => describe(0));
  return () => cancelAnimationFrame(frame);
}

/**
 * The account's equity over time (lightweight-charts area series), coloured from the theme, spaced
 * by time: empty slots fill the time between points, so a quiet week is as wide as a week. A flat
 * curve (a new account) gets an axis of ±1 % around its value. New points are drawn anew; the
 * revalued latest point of the same series arrives through update().
 */
export function EquityChart({ points, seriesKey }: TEquityChartProps) {
  useLanguage();
  const drawnRef = useRef<{ key: string; times: number[] } | null>(null);
  const { hostRef, chartRef } = useMoneyChart({
    axes: { timeVisible: false, scaleMargins: { top: 0.12, bottom: 0.08 } },
    series: AreaSeries,
    options: {
      lineWidth: 2,
      priceLineVisible: false,
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const info = original();
        return info?.priceRange ? { ...info, priceRange: equityAxisRange(info.priceRange) } : info;
      },
    },
    colors: seriesColors,
    onRemove: () => {
      drawnRef.current = null;
    },
  });

  useEffect(() => {
    const handles = chartRef.current;
    const host = hostRef.current;
    if (!handles || !host) return;
    const real = points.map(toPoint);
    const { data, step } = timeSpaced(real);
    const times = data.map((item) => item.time);
    // A curve of a few days reads in hours between its days (else each day would be named on
    // several marks); a longer one in days.
    const spanS = (times.at(-1) ?? 0) - (times[0] ?? 0);
    handles.chart.applyOptions({ timeScale: { timeVisible: spanS < 7 * 86_400 } });
    const drawn = drawnRef.current;
    const last = real.at(-1);
    // Same series in the same slots: only the latest point's value moved (revalued); anything else
    // (a point added, the live point's time moved on) is drawn anew, so no stale point lingers.
    const isRevalued =
      drawn !== null &&
      drawn.key === seriesKey &&
      drawn.times.length === times.length &&
      drawn.times.every((time, index) => time === times[index]);
    if (isRevalued && last) {
      handles.series.update(last as { time: Time; value: number });
    } else {
      handles.series.setData(data as Array<{ time: Time; value: number } | { time: Time }>);
      handles.chart.timeScale().fitContent();
    }
    drawnRef.current = { key: seriesKey, times };
    return describeDrawing(
      host,
      handles.chart,
      real.map((point) => point.time),
      step,
    );
  }, [points, seriesKey, chartRef, hostRef]);

  return (
    <div
      ref={hostRef}
      className={styles.chart}
      role="img"
      aria-label={tCount('portfolio.equity.chart', points.length, {
        equity: formatMoney(points.at(-1)?.equity, 2),
      })}
      data-testid="equity-chart"
      data-points={points.length}
    />
  );
}
