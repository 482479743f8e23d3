import { CHART_INTERVALS, type TChartInterval } from '@td/contracts/constants';
import { INTERVAL_LABEL, INTERVAL_NAME } from '../lib/format-market';
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
  return (
    <fieldset className={className ? `${styles.intervals} ${className}` : styles.intervals}>
      <legend className="visually-hidden">Chart interval</legend>
      {CHART_INTERVALS.map((value) => (
        <button
          key={value}
          type="button"
          className={styles.interval}
          aria-pressed={value === interval}
          aria-label={INTERVAL_NAME[value]}
          title={INTERVAL_NAME[value]}
          onClick={() => onChange(value)}
        >
          {INTERVAL_LABEL[value]}
        </button>
      ))}
    </fieldset>
  );
}
