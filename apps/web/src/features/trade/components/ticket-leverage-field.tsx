import { useId } from 'react';
import { clampLeverage } from '../../../domain/trading/order-form';
import { tCount, useT } from '../../../lib/i18n';
import styles from './order-ticket.module.css';

/** The ticket's leverage: a number to type beside its label, and a slider from 1× to the most allowed. */
export function TicketLeverageField({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange: (leverage: number) => void;
}) {
  const t = useT();
  const leverageId = useId();
  return (
    <div className={styles.leverage}>
      <div className={styles.leverageHead}>
        <label htmlFor={leverageId} className={styles.fieldLabel}>
          {t('trade.ticket.leverage')}
        </label>
        <span className={styles.leverageInput}>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            value={value}
            onChange={(event) => onChange(clampLeverage(event.target.valueAsNumber, max))}
            aria-label={t('trade.ticket.leverageNumber')}
            className="tabular"
          />
          ×
        </span>
      </div>
      <input
        id={leverageId}
        type="range"
        min={1}
        max={max}
        step={1}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className={styles.slider}
        aria-valuetext={tCount('trade.ticket.leverageValue', value, { count: value })}
      />
      <div className={`${styles.scale} tabular`} aria-hidden="true">
        <span>1×</span>
        <span>{Math.round(max / 2)}×</span>
        <span>{max}×</span>
      </div>
    </div>
  );
}
