// An order's side as a coloured tag ('Buy' green, 'Sell' red) with its leverage, and the lower
// leverage a position runs at after margin was added ('Buy 10× → 6.3×').
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { sideLabel } from '../order-labels';
import styles from './trading-cells.module.css';

interface TSideTagProps {
  side: 'buy' | 'sell';
  /** The leverage the order was placed at. */
  leverage?: number;
  /** The leverage the position runs at now (size ÷ margin, '6.3') when added margin lowered it. */
  effectiveLeverage?: string | null;
}

/**
 * 'Buy' in green or 'Sell' in red, with the leverage when given ('Buy 10×'), and the effective
 * leverage after added margin ('Buy 10× → 6.3×', its title saying what it is).
 */
export function SideTag({ side, leverage, effectiveLeverage }: TSideTagProps) {
  const t = useT();
  let leverageTag = null;
  if (leverage !== undefined && effectiveLeverage) {
    const effective = formatMoney(effectiveLeverage, 1);
    leverageTag = (
      <span
        className={`${styles.leverage} tabular`}
        title={t('orders.leverage.effectiveTitle', { leverage: String(leverage), effective })}
        data-testid="position-leverage"
      >
        {leverage}× → <span className={styles.effective}>{effective}×</span>
      </span>
    );
  } else if (leverage !== undefined) {
    leverageTag = (
      <span className={`${styles.leverage} tabular`} data-testid="position-leverage">
        {leverage}×
      </span>
    );
  }
  return (
    <span className={`${styles.side} ${side === 'buy' ? 'tone-up' : 'tone-down'}`}>
      {sideLabel(side)}
      {leverageTag}
    </span>
  );
}
