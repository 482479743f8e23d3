// The Risk screen's chart of one pair's net exposure through the day, drawn around zero: above it
// clients are net long, below net short; the latest figure is also given in words for screen
// readers.
import type { TExposureSeries } from '@td/contracts/risk';
import { BaselineSeries, type UTCTimestamp } from 'lightweight-charts';
import { useEffect } from 'react';
import { type TChartColors, withAlpha } from '../../../domain/market/components/chart-theme';
import { useMoneyChart } from '../../../domain/market/components/use-money-chart';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import styles from './admin-risk.module.css';

const baselineColors = (colors: TChartColors) => ({
  topLineColor: colors.up,
  topFillColor1: withAlpha(colors.up, 0.28),
  topFillColor2: withAlpha(colors.up, 0.04),
  bottomLineColor: colors.down,
  bottomFillColor1: withAlpha(colors.down, 0.04),
  bottomFillColor2: withAlpha(colors.down, 0.28),
});

/**
 * A pair's net exposure through the day (lightweight-charts baseline series at zero): above the
 * line the clients are net long, below net short, in the theme's up and down colours.
 */
export function ExposureChart({ series }: { series: TExposureSeries }) {
  const t = useT();
  const { hostRef, chartRef } = useMoneyChart({
    axes: { timeVisible: true },
    series: BaselineSeries,
    options: { baseValue: { type: 'price', price: 0 }, lineWidth: 2, priceLineVisible: false },
    colors: baselineColors,
  });

  useEffect(() => {
    const handles = chartRef.current;
    if (!handles) return;
    // Drawn only: the strings become numbers for the canvas, never for arithmetic.
    handles.series.setData(
      series.points.map((point) => ({
        time: Math.floor(point.t / 1000) as UTCTimestamp,
        value: Number(point.net),
      })),
    );
    handles.chart.timeScale().fitContent();
  }, [series, chartRef]);

  // Described in words beside the canvas: the chart holds its library's attribution link, which
  // an image role would hide inside itself.
  return (
    <>
      <p className="visually-hidden">
        {t('admin.risk.chartLabel', {
          pair: series.symbol,
          net: formatMoney(series.points.at(-1)?.net, 2),
        })}
      </p>
      <div ref={hostRef} className={styles.chart} data-testid="exposure-chart" />
    </>
  );
}
