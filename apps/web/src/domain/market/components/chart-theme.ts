import type { TCandle } from '@td/contracts/market';
import {
  type CandlestickData,
  ColorType,
  type HistogramData,
  type IChartApi,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { formatMoney } from '../../../lib/format';
import { compareDecimal, type TChartTickKind } from '../../../lib/format-market';

/** The charts' look: the theme's colours read off the CSS variables, and candles as bars. */

/** The volume bars take the bottom fifth of the chart, under the candles. */
export const VOLUME_SCALE_TOP = 0.82;
const VOLUME_ALPHA = 0.32;

export interface TChartColors {
  background: string;
  text: string;
  grid: string;
  border: string;
  crosshair: string;
  crosshairLabel: string;
  up: string;
  down: string;
  volumeUp: string;
  volumeDown: string;
  /** Price lines: a position's entry, and its liquidation. */
  entry: string;
  /** A line of the account's own figures (equity). */
  accent: string;
  warning: string;
  fontFamily: string;
}

/** '#2ebd85' + 0.45 → 'rgba(46, 189, 133, 0.45)'; anything else is returned as it is. */
export function withAlpha(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return color;
  const [, red = '0', green = '0', blue = '0'] = match;
  return `rgba(${Number.parseInt(red, 16)}, ${Number.parseInt(green, 16)}, ${Number.parseInt(blue, 16)}, ${alpha})`;
}

/** The chart paints on a canvas, so it takes the theme's colours from the CSS variables. */
export function readThemeColors(): TChartColors {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const up = read('--color-up', '#2ebd85');
  const down = read('--color-down', '#f6616f');
  return {
    background: read('--color-surface-1', '#12161d'),
    text: read('--color-text-3', '#8a93a3'),
    grid: withAlpha(read('--color-border', '#252c38'), 0.6),
    border: read('--color-border', '#252c38'),
    crosshair: read('--color-text-3', '#8a93a3'),
    crosshairLabel: read('--color-surface-3', '#1f2531'),
    up,
    down,
    volumeUp: withAlpha(up, VOLUME_ALPHA),
    volumeDown: withAlpha(down, VOLUME_ALPHA),
    entry: read('--color-accent-text', '#6ea8fe'),
    accent: read('--color-accent', '#2f6fed'),
    warning: read('--color-warning', '#f0b90b'),
    fontFamily: read('--font-sans', 'system-ui, sans-serif'),
  };
}

/** The background and type of a chart in the theme's colours. */
export const themedLayout = (colors: TChartColors) => ({
  background: { type: ColorType.Solid, color: colors.background },
  textColor: colors.text,
  fontFamily: colors.fontFamily,
  fontSize: 11,
  // The TradingView attribution is on the legal pages (a link inside a chart is a tab stop with no
  // name, inside an element named as a picture).
  attributionLogo: false,
  // The line between the candles and an indicator's pane (draggable to resize it).
  panes: {
    separatorColor: colors.border,
    separatorHoverColor: withAlpha(colors.text, 0.3),
    enableResize: true,
  },
});

/**
 * Keeps `chart` the size of `host` and in the theme (on <html data-theme>, whose change swaps the
 * CSS variables): the layout is recoloured here, the rest by `onTheme` with the new colours;
 * `onResize` runs after each new size. Returns what stops following.
 */
export function followHost(
  host: HTMLElement,
  chart: IChartApi,
  onTheme: (colors: TChartColors) => void,
  onResize?: () => void,
) {
  const resize = new ResizeObserver(([entry]) => {
    if (!entry) return;
    chart.resize(Math.floor(entry.contentRect.width), Math.floor(entry.contentRect.height));
    onResize?.();
  });
  resize.observe(host);
  const theme = new MutationObserver(() => {
    const next = readThemeColors();
    chart.applyOptions({ layout: themedLayout(next) });
    onTheme(next);
  });
  theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => {
    resize.disconnect();
    theme.disconnect();
  };
}

/**
 * A still chart of money over time (the account's equity, the house's exposure): rows of the grid
 * only, amounts on the price axis, and no scrolling or zooming, as it always shows the whole span.
 */
export const moneyChartOptions = (
  host: HTMLElement,
  colors: TChartColors,
  { timeVisible, scaleMargins }: { timeVisible: boolean; scaleMargins?: { top: number; bottom: number } },
) => ({
  width: host.clientWidth,
  height: host.clientHeight,
  layout: themedLayout(colors),
  grid: { vertLines: { visible: false }, horzLines: { color: colors.border } },
  // A label the pane's edge would cut in half (the lowest of a flat curve's round figures) is left out.
  rightPriceScale: { borderVisible: false, entireTextOnly: true, ...(scaleMargins ? { scaleMargins } : {}) },
  timeScale: { borderVisible: false, timeVisible, fixLeftEdge: true, fixRightEdge: true },
  localization: { priceFormatter: (value: number) => formatMoney(value.toFixed(2), 2) },
  handleScroll: false,
  handleScale: false,
});

/**
 * `followHost` for a chart made with `moneyChartOptions`: its grid rows take the theme too, and a
 * new width (a phone turned upright) fits the whole span again rather than cutting it.
 */
export function followMoneyChart(
  host: HTMLElement,
  chart: IChartApi,
  onTheme: (colors: TChartColors) => void,
) {
  return followHost(
    host,
    chart,
    (next) => {
      chart.applyOptions({ grid: { horzLines: { color: next.border } } });
      onTheme(next);
    },
    () => chart.timeScale().fitContent(),
  );
}

export const TICK_KIND: Record<TickMarkType, TChartTickKind> = {
  [TickMarkType.Year]: 'year',
  [TickMarkType.Month]: 'month',
  [TickMarkType.DayOfMonth]: 'day',
  [TickMarkType.Time]: 'time',
  [TickMarkType.TimeWithSeconds]: 'time-seconds',
};

/** Our times are UTC seconds; the labels show the user's local time. */
export const timeMsOf = (time: Time) => (typeof time === 'number' ? time * 1000 : Number.NaN);

// The chart library draws numbers, so the decimal strings become numbers here, for drawing only;
// no price or amount is ever computed with them.
export const toBar = (candle: TCandle): CandlestickData<Time> => ({
  time: Math.floor(candle.t / 1000) as UTCTimestamp,
  open: Number(candle.o),
  high: Number(candle.h),
  low: Number(candle.l),
  close: Number(candle.c),
});

export const toVolumeBar = (candle: TCandle, colors: TChartColors): HistogramData<Time> => ({
  time: Math.floor(candle.t / 1000) as UTCTimestamp,
  value: Number(candle.v),
  color: compareDecimal(candle.c, candle.o) >= 0 ? colors.volumeUp : colors.volumeDown,
});

export const priceFormatOf = (precision: number) => ({
  type: 'price' as const,
  precision,
  minMove: Number(`1e-${precision}`),
});
