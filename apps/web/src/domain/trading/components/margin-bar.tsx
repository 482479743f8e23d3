import type { TAccount } from '@td/contracts/constants';
import { marginZone } from '@td/contracts/margin-level';
import { ORDER_CODE } from '@td/contracts/statuses';
import type { TMarginCallEvent } from '@td/contracts/stream';
import type { TBalance } from '@td/contracts/trading';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { subscribeUserEvents } from '../../../lib/socket';
import styles from './margin-bar.module.css';

/** The last margin call the stream sent for `account`, until the level is back above it. */
function useMarginCall(account: TAccount, isCalled: boolean): TMarginCallEvent | undefined {
  const [event, setEvent] = useState<TMarginCallEvent>();
  useEffect(
    () =>
      subscribeUserEvents({
        onMarginCall: (call) => {
          if (call.account === account) setEvent(call);
        },
        // A position's call ends with the position (closed, stopped out or liquidated).
        onOrder: (order) =>
          setEvent((current) =>
            current?.orderId === order.id && order.status !== ORDER_CODE.active ? undefined : current,
          ),
      }),
    [account],
  );
  useEffect(() => {
    if (event && event.account !== account) setEvent(undefined);
  }, [account, event]);
  // A cross call ends when the account's level is back above the margin-call level.
  useEffect(() => {
    if (!isCalled && event?.marginMode === 'cross') setEvent(undefined);
  }, [isCalled, event]);
  return event;
}

/**
 * The top of Trade and Portfolio: the account's margin level, coloured as it nears the margin-call
 * and stop-out levels of the account's group, and a banner at margin call that says what happens at
 * stop-out and how to avoid it.
 */
export function MarginBar({ account, balance }: { account: TAccount; balance: TBalance | undefined }) {
  const t = useT();
  const zone = balance ? marginZone(balance.marginLevel, balance) : 'none';
  const isCalled = zone === 'call' || zone === 'stop';
  const event = useMarginCall(account, isCalled);
  const isCross = balance?.marginMode === 'cross';
  const showsBanner = isCalled || event !== undefined;
  const stopOut = String(balance?.stopOutLevel ?? 50);
  // Until the account's figures arrive, the bar is drawn at its size with its figures hidden, so the
  // screen under it does not move down when they do.
  const pending = balance ? '' : ` ${styles.pending}`;
  return (
    <div className={styles.stack} aria-busy={balance ? undefined : 'true'}>
      <div className={styles.bar} data-zone={zone} data-testid={balance ? 'margin-bar' : undefined}>
        <span className={styles.label}>{t('risk.marginLevel')}</span>
        <span
          className={`${styles.value}${pending} tabular`}
          data-testid={balance ? 'margin-level' : undefined}
        >
          {balance?.marginLevel == null ? '—' : `${formatMoney(balance.marginLevel, 2)} %`}
        </span>
        <span className={`${styles.levels}${pending}`}>
          {t('risk.levels', { call: String(balance?.marginCallLevel ?? 100), stop: stopOut })}
        </span>
        <span className={`${styles.mode}${pending}`}>
          {t(isCross ? 'risk.mode.cross' : 'risk.mode.isolated')}
        </span>
      </div>
      {balance && showsBanner ? (
        <Callout
          tone={zone === 'stop' ? 'danger' : 'warning'}
          role="alert"
          title={t('risk.banner.title', { level: formatMoney(event?.marginLevel ?? balance.marginLevel, 2) })}
          action={
            <ButtonLink to={PATHS.wallet} size="sm">
              {t('risk.banner.addFunds')}
            </ButtonLink>
          }
          className={styles.banner}
        >
          <span data-testid="margin-call-banner">
            {isCross
              ? t('risk.banner.cross', { stop: stopOut })
              : t('risk.banner.isolated', { stop: stopOut })}
          </span>
        </Callout>
      ) : null}
    </div>
  );
}
