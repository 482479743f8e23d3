import { isStaffRole } from '@td/contracts/staff';
import type { TCoinInfo } from '@td/contracts/wallet';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { useProfile } from '../../../domain/identity/get-profile';
import { tRich, useT } from '../../../lib/i18n';
import styles from './wallet-screen.module.css';

/** Whether this server follows no network at all (no node or API configured): no deposit can be seen. */
export function isNoChainConnected(coins: readonly TCoinInfo[] | undefined): boolean {
  return (
    coins !== undefined &&
    coins.length > 0 &&
    coins.every((coin) => coin.networks.every((network) => !network.isWatched))
  );
}

/**
 * The deposit tab of a server with no chain connected: said once, plainly, instead of every network
 * being "not available"; to staff, also how to connect one.
 */
export function NoChainCard() {
  const t = useT();
  const role = useProfile().data?.role;
  return (
    <Card title={t('wallet.noChain.title')}>
      <div className={styles.form} data-testid="wallet-no-chain">
        <p className={styles.explain}>{t('wallet.noChain.text')}</p>
        {role && isStaffRole(role) ? (
          <Callout tone="info" title={t('wallet.noChain.staffTitle')}>
            <p className={styles.explain}>
              {tRich(
                'wallet.noChain.staffText',
                {},
                { code: (text) => <code className="mono">{text}</code> },
              )}
            </p>
          </Callout>
        ) : null}
      </div>
    </Card>
  );
}
