// A money figure coloured by its sign in trading tables: profit green with a '+', loss red, zero
// plain.
import { formatMoney } from '../../../lib/format';
import { changeDirection } from '../../../lib/format-market';
import styles from './trading-cells.module.css';

interface TSignedMoneyProps {
  /** A decimal string ('-12.5'); null shows a dash. */
  value: string | null | undefined;
  precision?: number;
  /** A unit after the figure ('USD'). */
  suffix?: string;
  className?: string;
  testId?: string;
}

/** Profit in green with a '+', loss in red with a '−', zero plain; tabular figures. */
export function SignedMoney({ value, precision = 2, suffix, className, testId }: TSignedMoneyProps) {
  const direction = changeDirection(value);
  const text = formatMoney(value, precision);
  const signed = direction === 'up' ? `+${text}` : text;
  return (
    <span
      className={[styles.signed, `tone-${direction}`, 'tabular', className].filter(Boolean).join(' ')}
      data-direction={direction}
      data-value={value ?? ''}
      data-testid={testId}
    >
      {signed}
      {suffix ? <span className={styles.suffix}> {suffix}</span> : null}
    </span>
  );
}
