/** The hook that draws a still chart of money over time (equity, exposure) with its one series. */
import {
  createChart,
  type IChartApi,
  type ISeriesApi,
  type SeriesDefinition,
  type SeriesPartialOptionsMap,
  type SeriesType,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { followMoneyChart, moneyChartOptions, readThemeColors, type TChartColors } from './chart-theme';

interface TMoneyChartSetup<TType extends SeriesType> {
  /** The time axis's marks and, when set, the price axis's margins (`moneyChartOptions`). */
  axes: Parameters<typeof moneyChartOptions>[2];
  /** The series drawn (an area, a baseline). */
  series: SeriesDefinition<TType>;
  /** The series' options that do not follow the theme. */
  options: SeriesPartialOptionsMap[TType];
  /** The series' colours in a theme: drawn first, then again on each change of theme. */
  colors: (colors: TChartColors) => SeriesPartialOptionsMap[TType];
  /** Forgets what was drawn when the chart is removed (it is made anew if the host comes back). */
  onRemove?: () => void;
}

/**
 * Makes the chart on the returned host once (`moneyChartOptions`), keeps it the host's size and in
 * the theme, and removes it on unmount. The chart and its series are in the returned ref while
 * mounted, for the effects that set the data.
 */
export function useMoneyChart<TType extends SeriesType>(setup: TMoneyChartSetup<TType>) {
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; series: ISeriesApi<TType> } | null>(null);
  const setupRef = useRef(setup);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const { axes, series: definition, options, colors: seriesColors, onRemove } = setupRef.current;
    const colors = readThemeColors();
    const chart = createChart(host, moneyChartOptions(host, colors, axes));
    const series = chart.addSeries(definition, { ...options, ...seriesColors(colors) });
    chartRef.current = { chart, series };
    const stopFollowing = followMoneyChart(host, chart, (next) => series.applyOptions(seriesColors(next)));
    return () => {
      stopFollowing();
      chartRef.current = null;
      onRemove?.();
      chart.remove();
    };
  }, []);

  return { hostRef, chartRef };
}
