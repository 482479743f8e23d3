import type { TIndicator } from '@td/contracts/chart-settings';
import type { TCandle } from '@td/contracts/market';
import {
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import {
  createIndicatorEngine,
  linesOf,
  type TBar,
  type TIndicatorEngine,
  type TValues,
} from '../indicators';
import { type TChartColors, withAlpha } from './chart-theme';

/** Overlay colours, in the order overlays are added: readable on both themes' backgrounds. */
const OVERLAY_COLORS = ['#d97706', '#8b5cf6', '#0ea5e9', '#ec4899', '#14b8a6', '#84cc16'];
/** Each overlay's colour, in the order overlays are listed; undefined for an indicator in its own pane. */
function overlayColors(indicators: readonly TIndicator[]): Array<string | undefined> {
  let nextOverlay = 0;
  return indicators.map((indicator) =>
    linesOf(indicator).hasOwnPane ? undefined : OVERLAY_COLORS[nextOverlay++ % OVERLAY_COLORS.length],
  );
}

/** Each indicator's colour in the legend, as the chart draws it (own panes in the theme's line colour). */
export function legendColors(indicators: readonly TIndicator[]): string[] {
  return overlayColors(indicators).map((color) => color ?? 'var(--color-accent-text)');
}

/** The height of an indicator's own pane under the candles. */
const PANE_HEIGHT_PX = 96;

type TIndicatorSeries = ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;

/** An indicator on the chart: its engine, its series by line, and where and how it is drawn. */
export interface TDrawnIndicator {
  indicator: TIndicator;
  engine: TIndicatorEngine;
  series: Record<string, TIndicatorSeries>;
  pane: number;
}

export const toIndicatorBar = (candle: TCandle): TBar => ({
  t: candle.t,
  o: Number(candle.o),
  h: Number(candle.h),
  l: Number(candle.l),
  c: Number(candle.c),
  v: Number(candle.v),
});

const secondsOf = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

function pointOf(t: number, value: number | undefined, key: string, colors: TChartColors) {
  const time: Time = secondsOf(t);
  if (value === undefined) return { time };
  if (key === 'histogram')
    return { time, value, color: withAlpha(value >= 0 ? colors.up : colors.down, 0.6) };
  return { time, value };
}

/**
 * Adds the indicators' series to the chart: overlays on the candles' pane, the others each in a
 * pane of its own under it (the volume's histogram moves to its place); returns what was drawn.
 */
export function drawIndicators(
  chart: IChartApi,
  volume: ISeriesApi<'Histogram'>,
  indicators: readonly TIndicator[],
  colors: TChartColors,
): TDrawnIndicator[] {
  let nextPane = 1;
  const drawn: TDrawnIndicator[] = [];
  const hasVolume = indicators.some((indicator) => indicator.kind === 'volume');
  volume.applyOptions({ visible: hasVolume });
  const overlays = overlayColors(indicators);
  for (const [index, indicator] of indicators.entries()) {
    const { keys, hasOwnPane } = linesOf(indicator);
    const pane = hasOwnPane ? nextPane++ : 0;
    const color = overlays[index] ?? colors.entry;
    if (indicator.kind === 'volume') {
      volume.moveToPane(pane);
      chart.priceScale('volume', pane).applyOptions({ scaleMargins: { top: 0.1, bottom: 0 } });
      drawn.push({ indicator, engine: createIndicatorEngine(indicator), series: {}, pane });
      continue;
    }
    const series: Record<string, TIndicatorSeries> = {};
    for (const key of keys) {
      const common = {
        priceLineVisible: false,
        lastValueVisible: key !== 'lower',
        crosshairMarkerVisible: false,
      };
      if (key === 'histogram') {
        series[key] = chart.addSeries(HistogramSeries, { ...common, lastValueVisible: false }, pane);
        continue;
      }
      const lineColor = key === 'signal' ? colors.warning : color;
      series[key] = chart.addSeries(
        LineSeries,
        {
          ...common,
          color: key === 'middle' ? withAlpha(lineColor, 0.7) : lineColor,
          lineWidth: key === 'upper' || key === 'lower' ? 1 : 2,
          lineStyle: key === 'middle' ? LineStyle.Dashed : LineStyle.Solid,
          ...(indicator.kind === 'rsi'
            ? { autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }) }
            : {}),
        },
        pane,
      );
    }
    if (indicator.kind === 'rsi') {
      for (const level of [70, 30]) {
        series.value?.createPriceLine({
          price: level,
          color: withAlpha(colors.text, 0.6),
          lineWidth: 1,
          lineStyle: LineStyle.Dotted,
          axisLabelVisible: false,
          title: '',
        });
      }
    }
    drawn.push({ indicator, engine: createIndicatorEngine(indicator), series, pane });
  }
  const panes = chart.panes();
  for (const [index, pane] of panes.entries()) if (index > 0) pane.setHeight(PANE_HEIGHT_PX);
  return drawn;
}

/** Takes the indicators' series off the chart (the volume's histogram goes back under the candles). */
export function removeIndicators(
  chart: IChartApi,
  volume: ISeriesApi<'Histogram'>,
  drawn: readonly TDrawnIndicator[],
) {
  for (const each of drawn) for (const series of Object.values(each.series)) chart.removeSeries(series);
  volume.moveToPane(0);
  volume.applyOptions({ visible: true });
  // Panes left empty go, bottom first.
  for (let index = chart.panes().length - 1; index > 0; index--) chart.removePane(index);
}

/** Every candle's values, from the whole list (a page, a theme change, new settings). */
export function fillIndicators(
  drawn: readonly TDrawnIndicator[],
  candles: readonly TCandle[],
  colors: TChartColors,
) {
  const bars = candles.map(toIndicatorBar);
  for (const each of drawn) {
    const values = each.engine.reset(bars);
    for (const [key, series] of Object.entries(each.series)) {
      series.setData(values.map((value, index) => pointOf(bars[index]?.t ?? 0, value[key], key, colors)));
    }
  }
}

/** A live candle: one step of each indicator, folded into the end of its series. */
export function updateIndicators(drawn: readonly TDrawnIndicator[], candle: TCandle, colors: TChartColors) {
  const bar = toIndicatorBar(candle);
  for (const each of drawn) {
    const values: TValues = each.engine.push(bar);
    for (const [key, series] of Object.entries(each.series))
      series.update(pointOf(bar.t, values[key], key, colors));
  }
}
