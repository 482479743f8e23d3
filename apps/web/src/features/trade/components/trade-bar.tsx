import { useEffect, useState } from 'react';
import type { TSide } from '../../../domain/trading/trading-math';
import type { useLiveQuote } from '../../../domain/trading/use-live-quote';
import { formatPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import styles from './order-ticket.module.css';

/**
 * On a phone the ticket sits under the chart: Sell and Buy stay in reach at the bottom while the
 * ticket (its amount and its button) is off screen; a tap picks the side (`onPick` brings the
 * ticket into view).
 */
export function TradeBar({
  quote,
  precision,
  onPick,
}: {
  quote: ReturnType<typeof useLiveQuote>;
  precision: number;
  onPick: (side: TSide) => void;
}) {
  const t = useT();
  return (
    <div className={styles.tradeBar} data-testid="trade-bar">
      {(['sell', 'buy'] as const).map((value) => (
        <button
          key={value}
          type="button"
          className={`${styles.tradeBarButton} ${styles.submit} ${styles[value]}`}
          onClick={() => onPick(value)}
        >
          <span>{t(value === 'buy' ? 'common.buy' : 'common.sell')}</span>
          <span className="tabular">
            {quote ? formatPrice(value === 'buy' ? quote.ask : quote.bid, precision) : '—'}
          </span>
        </button>
      ))}
    </div>
  );
}

/** Whether an element is on screen (watched only while `isWatching`). */
export function useIsInView(ref: { current: Element | null }, isWatching: boolean): boolean {
  const [isInView, setIsInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!isWatching || !element) return;
    const observer = new IntersectionObserver(([entry]) => setIsInView(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, isWatching]);
  return isInView;
}
