import type { TSide } from '../../../domain/trading/trading-math';
import type { TLiveQuote } from '../../../domain/trading/use-live-quote';
import { formatPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import styles from './order-ticket.module.css';

/**
 * The ticket's Sell and Buy with their prices: a tap picks the side, or with one-click trading on
 * places a market order at once (`onPick` does either).
 */
export function TicketSideButtons({
  side,
  quote,
  precision,
  pairLabel,
  isOneClick,
  isSending,
  onPick,
}: {
  side: TSide;
  quote: TLiveQuote | undefined;
  precision: number;
  /** The pair as users read it ('BTC/USD'), for the one-click buttons' names. */
  pairLabel: string;
  isOneClick: boolean;
  /** An order is on its way: one-click buttons wait for it. */
  isSending: boolean;
  onPick: (side: TSide) => void;
}) {
  const t = useT();
  const sideButton = (value: TSide, price: string | undefined) => (
    <button
      type="button"
      className={`${styles.side} ${styles[value]}`}
      aria-pressed={side === value}
      aria-label={
        isOneClick
          ? t(value === 'buy' ? 'financing.oneClick.buy' : 'financing.oneClick.sell', { pair: pairLabel })
          : undefined
      }
      data-one-click={isOneClick || undefined}
      disabled={isOneClick && isSending}
      onClick={() => onPick(value)}
    >
      <span className={styles.sideLabel}>{t(value === 'buy' ? 'common.buy' : 'common.sell')}</span>
      <span className={`${styles.sidePrice} tabular`}>{price ? formatPrice(price, precision) : '—'}</span>
    </button>
  );
  return (
    <fieldset className={styles.sides}>
      <legend className="visually-hidden">{t('trade.ticket.side')}</legend>
      {sideButton('sell', quote?.bid)}
      {sideButton('buy', quote?.ask)}
    </fieldset>
  );
}
