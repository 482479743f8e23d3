import type { TAccount } from '@td/contracts/constants';
import { pricesDelayedText, realNeedsLivePricesText, type TPair } from '@td/contracts/market';
import { formatDayTime } from '../../../lib/format';
import styles from './order-ticket.module.css';

/**
 * Why the ticket will not send what it shows, above its button: more than the free margin pays for
 * (`shortId` set, the button described by it), the market closed, prices delayed, or a pair traded
 * on the Demo account only.
 */
export function TicketNotices({
  pair,
  account,
  shortId,
  isDelayed,
  isDemoOnly,
}: {
  pair: TPair;
  account: TAccount;
  shortId: string | undefined;
  isDelayed: boolean;
  isDemoOnly: boolean;
}) {
  return (
    <>
      {shortId ? (
        <p className={styles.warning} role="status" id={shortId}>
          Margin and fee exceed your free margin: lower the amount or the leverage
          {account === 'real' ? ', or deposit funds in Wallet' : ''}.
        </p>
      ) : null}
      {!pair.marketOpen ? (
        <p className={styles.warning} role="status">
          {pair.marketClosedReason ?? 'The market is closed'}: orders open again{' '}
          {pair.marketOpensAt ? `on ${formatDayTime(pair.marketOpensAt)}` : 'when it does'}.
        </p>
      ) : null}
      {isDelayed ? (
        <p className={styles.warning} role="status" data-testid="prices-delayed">
          {pricesDelayedText(pair.symbol)}: market orders wait for a fresh price.
        </p>
      ) : null}
      {isDemoOnly ? (
        <p className={styles.warning} role="status" data-testid="demo-only">
          {realNeedsLivePricesText(pair.symbol)}.
        </p>
      ) : null}
    </>
  );
}
