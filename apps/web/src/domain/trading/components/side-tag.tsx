import { sideLabel } from '../order-labels';
import styles from './trading-cells.module.css';

/** 'Buy' in green or 'Sell' in red, with the leverage when given ('Buy 10×'). */
export function SideTag({ side, leverage }: { side: 'buy' | 'sell'; leverage?: number }) {
  return (
    <span className={`${styles.side} ${side === 'buy' ? 'tone-up' : 'tone-down'}`}>
      {sideLabel(side)}
      {leverage === undefined ? null : <span className={`${styles.leverage} tabular`}>{leverage}×</span>}
    </span>
  );
}
