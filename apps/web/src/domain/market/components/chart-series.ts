import type { TChartInterval } from '@td/contracts/constants';
import {
  type AutoscaleInfo,
  CandlestickSeries,
  CrosshairMode,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type TickMarkType,
  type Time,
} from 'lightweight-charts';
import {
  formatChartTick,
  formatChartTime,
  formatPrice,
  isIntradayInterval,
} from '../../../lib/format-market';
import {
  priceFormatOf,
  type TChartColors,
  TICK_KIND,
  themedLayout,
  timeMsOf,
  VOLUME_SCALE_TOP,
} from './chart-theme';

/** The candle chart's set-up: the chart, its candle and volume series, their colours and formats. */

/** The default bar spacing of the time scale: with fewer candles than fill the width, fit them. */
export const BAR_SPACING_PX = 6;

export interface TChartHandles {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  colors: TChartColors;
}

/**
 * Creates the chart in `host` with its candles and their volume below. `keptInView` gives the
 * prices the price scale keeps on screen besides the candles (the trader's own levels).
 */
export function createCandleChart(
  host: HTMLElement,
  colors: TChartColors,
  keptInView: () => readonly number[],
): TChartHandles {
  const chart = createChart(host, {
    width: host.clientWidth,
    height: host.clientHeight,
    layout: themedLayout(colors),
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    crosshair: {
      mode: CrosshairMode.Normal,
      vertLine: { color: colors.crosshair, labelBackgroundColor: colors.crosshairLabel },
      horzLine: { color: colors.crosshair, labelBackgroundColor: colors.crosshairLabel },
    },
    // A price label the pane's edge would cut in half is left out.
    rightPriceScale: {
      borderColor: colors.border,
      entireTextOnly: true,
      scaleMargins: { top: 0.08, bottom: 0.24 },
    },
    timeScale: {
      borderColor: colors.border,
      rightOffset: 6,
      barSpacing: BAR_SPACING_PX,
      secondsVisible: false,
      tickMarkFormatter: (time: Time, type: TickMarkType) => formatChartTick(timeMsOf(time), TICK_KIND[type]),
    },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: colors.up,
    downColor: colors.down,
    borderUpColor: colors.up,
    borderDownColor: colors.down,
    wickUpColor: colors.up,
    wickDownColor: colors.down,
    // A position's take-profit or stop-loss, a pending order's price and the exits it will open
    // with stay on screen however far they are from the candles, so they can be seen and dragged
    // (the liquidation price is left out: it would flatten the candles). Widening the scale was
    // chosen over pinning far lines to the chart's edge: a trader placing an order reads its whole
    // plan (entry, target, stop, and the distances between them) at a glance and drags any of it
    // to a real price; a pinned line shows neither its place nor a price it could be dropped at.
    // Lines the wider scale squeezes together are told apart by the press (see pickLine).
    autoscaleInfoProvider: (base: () => AutoscaleInfo | null) => {
      const info = base();
      const kept = keptInView();
      if (!info?.priceRange || kept.length === 0) return info;
      const { minValue, maxValue } = info.priceRange;
      return {
        ...info,
        priceRange: { minValue: Math.min(minValue, ...kept), maxValue: Math.max(maxValue, ...kept) },
      };
    },
  });
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: VOLUME_SCALE_TOP, bottom: 0 } });
  return { chart, candles, volume, colors };
}

/** Recolours the chart and its candles for another theme (volume colours are per bar: redraw them). */
export function applyChartColors({ chart, candles }: TChartHandles, next: TChartColors): void {
  chart.applyOptions({
    grid: { vertLines: { color: next.grid }, horzLines: { color: next.grid } },
    crosshair: {
      vertLine: { color: next.crosshair, labelBackgroundColor: next.crosshairLabel },
      horzLine: { color: next.crosshair, labelBackgroundColor: next.crosshairLabel },
    },
    rightPriceScale: { borderColor: next.border },
    timeScale: { borderColor: next.border },
  });
  candles.applyOptions({
    upColor: next.up,
    downColor: next.down,
    borderUpColor: next.up,
    borderDownColor: next.down,
    wickUpColor: next.up,
    wickDownColor: next.down,
  });
}

/** The price axis and the crosshair in the pair's precision, times as the interval reads them. */
export function applyChartFormat(
  { chart, candles }: TChartHandles,
  interval: TChartInterval,
  pricePrecision: number,
): void {
  const isIntraday = isIntradayInterval(interval);
  candles.applyOptions({ priceFormat: priceFormatOf(pricePrecision) });
  chart.applyOptions({
    timeScale: { timeVisible: isIntraday },
    localization: {
      timeFormatter: (time: Time) => formatChartTime(timeMsOf(time), isIntraday),
      // Grouped like every other price on the screen ('50,771.75'); the axis hands us a number.
      priceFormatter: (price: number) => formatPrice(price.toFixed(pricePrecision), pricePrecision),
    },
  });
}
