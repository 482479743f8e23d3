import {
  AreaSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatMoney } from '../../../lib/format';
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

interface TColors {
  background: string;
  text: string;
  grid: string;
  line: string;
  fontFamily: string;
}

function readColors(): TColors {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--color-surface-1', '#12161d'),
    text: read('--color-text-3', '#8a93a3'),
    grid: read('--color-border', '#252c38'),
    line: read('--color-accent', '#2f6fed'),
    fontFamily: read('--font-sans', 'system-ui, sans-serif'),
  };
}

/** '#2f6fed' + 0.3 → 'rgba(47, 111, 237, 0.3)'. */
function withAlpha(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return color;
  const [, r = '0', g = '0', b = '0'] = match;
  return `rgba(${Number.parseInt(r, 16)}, ${Number.parseInt(g, 16)}, ${Number.parseInt(b, 16)}, ${alpha})`;
}

// Drawn only: the equity strings become numbers for the canvas, never for arithmetic.
const toPoint = (point: TEquityPoint) => ({
  time: Math.floor(point.t / 1000) as UTCTimestamp,
  value: Number(point.equity),
});

const seriesColors = (colors: TColors) => ({
  lineColor: colors.line,
  topColor: withAlpha(colors.line, 0.32),
  bottomColor: withAlpha(colors.line, 0.02),
});

/**
 * The account's equity over time (lightweight-charts area series), coloured from the theme. A new
 * account or period draws the series anew; the revalued latest point of the same series arrives
 * through update().
 */
export function EquityChart({ points, seriesKey }: TEquityChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; series: ISeriesApi<'Area'> } | null>(null);
  const drawnRef = useRef<{ key: string; times: number[] } | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const colors = readColors();
    const chart = createChart(host, {
      width: host.clientWidth,
      height: host.clientHeight,
      layout: {
        background: { type: ColorType.Solid, color: colors.background },
        textColor: colors.text,
        fontFamily: colors.fontFamily,
        fontSize: 11,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: colors.grid } },
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.12, bottom: 0.08 } },
      timeScale: { borderVisible: false, timeVisible: false, fixLeftEdge: true, fixRightEdge: true },
      localization: { priceFormatter: (value: number) => formatMoney(value.toFixed(2), 2) },
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(AreaSeries, {
      ...seriesColors(colors),
      lineWidth: 2,
      priceLineVisible: false,
    });
    chartRef.current = { chart, series };

    const resize = new ResizeObserver(([entry]) => {
      if (!entry) return;
      chart.resize(Math.floor(entry.contentRect.width), Math.floor(entry.contentRect.height));
    });
    resize.observe(host);
    const theme = new MutationObserver(() => {
      const next = readColors();
      chart.applyOptions({
        layout: { background: { type: ColorType.Solid, color: next.background }, textColor: next.text },
        grid: { horzLines: { color: next.grid } },
      });
      series.applyOptions(seriesColors(next));
    });
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      chartRef.current = null;
      drawnRef.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const handles = chartRef.current;
    if (!handles) return;
    const data = points.map(toPoint);
    const times = data.map((point) => point.time as number);
    // A curve of today's points only reads in hours and minutes; a longer one in days.
    const spanS = (times.at(-1) ?? 0) - (times[0] ?? 0);
    handles.chart.applyOptions({ timeScale: { timeVisible: spanS < 2 * 86_400 } });
    const drawn = drawnRef.current;
    const last = data.at(-1);
    // Same series with the same past: only the latest point moved or one was added.
    const isIncremental =
      drawn !== null &&
      drawn.key === seriesKey &&
      last !== undefined &&
      times.length >= drawn.times.length &&
      times.length - drawn.times.length <= 1 &&
      drawn.times.slice(0, -1).every((time, index) => time === times[index]) &&
      (drawn.times.at(-1) ?? 0) <= (last.time as number);
    if (isIncremental && last) {
      handles.series.update(last as { time: Time; value: number });
    } else {
      handles.series.setData(data);
      handles.chart.timeScale().fitContent();
    }
    drawnRef.current = { key: seriesKey, times };
  }, [points, seriesKey]);

  return (
    <div
      ref={hostRef}
      className={styles.chart}
      role="img"
      aria-label={`Equity curve, ${points.length} points, latest ${formatMoney(points.at(-1)?.equity, 2)} USD`}
      data-testid="equity-chart"
      data-points={points.length}
    />
  );
}
