import { CHART_INTERVALS, type TChartInterval } from '@td/contracts/constants';
import { INTERVAL_LABEL } from '../lib/format-market';
import { useT } from '../lib/i18n';
import { intervalNameText } from '../lib/labels';
import styles from './interval-switcher.module.css';

/** A chart's interval buttons: a group of toggle buttons, the current one pressed. */
export function IntervalSwitcher({
  interval,
  onChange,
  className,
}: {
  interval: TChartInterval;
  onChange: (interval: TChartInterval) => void;
  className?: string;
}) {
  const t = useT();
  return (
    <fieldset className={className ? `${styles.intervals} ${className}` : styles.intervals}>
      <legend className="visually-hidden">{t('chart.interval')}</legend>
      {CHART_INTERVALS.map((value) => (
        <button
          key={value}
          type="button"
          className={styles.interval}
          aria-pressed={value === interval}
          title={intervalNameText(value)}
          onClick={() => onChange(value)}
        >
          {INTERVAL_LABEL[value]}
        </button>
      ))}
    </fieldset>
  );
}
