import { displaySymbol, type TAccount } from '@td/contracts/constants';
import type { TPair } from '@td/contracts/market';
import { PAIR_CODE } from '@td/contracts/statuses';
import { formatDayTime } from '../../../lib/format';
import { translateServerMessage, useT } from '../../../lib/i18n';
import styles from './order-ticket.module.css';

/**
 * Why the ticket will not send what it shows, above its button: more than the free margin pays for
 * (`shortId` set, the button described by it), the pair paused by the broker, the market closed,
 * prices delayed, or a pair traded on the Demo account only.
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
  const t = useT();
  const reason = pair.marketClosedReason
    ? translateServerMessage(pair.marketClosedReason)
    : t('trade.notice.marketClosed');
  return (
    <>
      {shortId ? (
        <p className={styles.warning} role="status" id={shortId}>
          {t(account === 'real' ? 'trade.notice.shortReal' : 'trade.notice.short')}
        </p>
      ) : null}
      {pair.status === PAIR_CODE.disabled ? (
        <p className={styles.warning} role="status" data-testid="pair-paused">
          {t('trade.notice.paused', { pair: displaySymbol(pair.symbol) })}
        </p>
      ) : !pair.marketOpen ? (
        <p className={styles.warning} role="status">
          {pair.marketOpensAt
            ? t('trade.notice.opensOn', { reason, time: formatDayTime(pair.marketOpensAt) })
            : t('trade.notice.opensLater', { reason })}
        </p>
      ) : null}
      {isDelayed ? (
        <p className={styles.warning} role="status" data-testid="prices-delayed">
          {t('trade.notice.delayed', { pair: displaySymbol(pair.symbol) })}
        </p>
      ) : null}
      {isDemoOnly ? (
        <p className={styles.warning} role="status" data-testid="demo-only">
          {t('trade.notice.demoOnly', { pair: displaySymbol(pair.symbol) })}
        </p>
      ) : null}
    </>
  );
}
