import { COINS, NETWORKS_BY_COIN, type TCoin, type TNetwork } from '@td/contracts/constants';
import { useState } from 'react';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';
import { Skeleton } from '../../../components/skeleton';
import { coinName, networkName } from '../../../domain/wallet/components/coin-labels';
import { formatMoney } from '../../../lib/format';
import { tCount, useT } from '../../../lib/i18n';
import { useCoins } from '../api/get-coins';
import { useDepositAddress } from '../api/get-deposit-address';
import { AddressQr } from './address-qr';
import { CoinNetworkPickers } from './coin-network-pickers';
import styles from './wallet-screen.module.css';

/** Deposit: pick the coin and network, and send to the address shown (QR code and copy). */
export function DepositPanel() {
  const t = useT();
  const [coin, setCoin] = useState<TCoin>('usdt');
  // Until the user picks one, the coin's first network this desk follows (else its first network).
  const [picked, setPicked] = useState<TNetwork | null>(null);
  const coins = useCoins();
  const networksOf = coins.data?.find((c) => c.coin === coin)?.networks;
  const network = picked ?? networksOf?.find((n) => n.isWatched)?.network ?? NETWORKS_BY_COIN[coin][0];
  const address = useDepositAddress(coin, network);
  const info = networksOf?.find((n) => n.network === network);

  return (
    <Card title={t('wallet.deposit.title')}>
      <div className={styles.form}>
        <CoinNetworkPickers
          coins={COINS}
          coin={coin}
          network={network}
          onCoinChange={(next) => {
            setCoin(next);
            setPicked(null);
          }}
          onNetworkChange={setPicked}
        />

        <div className={styles.addressBox}>
          {info && !info.isWatched ? (
            <p className={styles.addressMissing} data-testid="deposit-unavailable">
              {t('wallet.deposit.unfollowed')}
            </p>
          ) : address.isError ? (
            <Callout tone="danger" role="alert" title={t('wallet.deposit.addressError')}>
              {t('wallet.deposit.addressErrorText')}
            </Callout>
          ) : address.data ? (
            <>
              <AddressQr address={address.data.data.address} />
              <div className={styles.addressText}>
                <span className={styles.label}>
                  {t('wallet.deposit.address', { coin: coinName(coin), network: networkName(network) })}
                </span>
                <code className={styles.address} data-testid="deposit-address">
                  {address.data.data.address}
                </code>
                <CopyButton text={address.data.data.address} label={t('wallet.deposit.copy')} />
              </div>
            </>
          ) : (
            <>
              <Skeleton width={176} height={176} shape="block" />
              <Skeleton width="70%" height={16} />
            </>
          )}
        </div>

        <dl className={styles.facts}>
          <div>
            <dt>{t('wallet.deposit.minimum')}</dt>
            <dd className="tabular">{info ? `${formatMoney(info.minDeposit, 2)} USD` : '—'}</dd>
          </div>
          <div>
            <dt>{t('wallet.deposit.confirmations')}</dt>
            <dd className="tabular">{info?.confirmations ?? '—'}</dd>
          </div>
        </dl>
        {info && !info.isWatched ? (
          <Callout
            tone="warning"
            title={t('wallet.deposit.unavailable', { network: networkName(network) })}
            role="status"
          >
            {t('wallet.deposit.unavailableText', { network: networkName(network) })}
          </Callout>
        ) : info && !info.depositEnabled ? (
          <Callout tone="warning" title={t('wallet.deposit.paused', { network: networkName(network) })}>
            {t('wallet.deposit.pausedText')}
          </Callout>
        ) : (
          <Callout tone="info">
            {info
              ? tCount('wallet.deposit.sendOnly', info.confirmations, {
                  coin: coinName(coin),
                  network: networkName(network),
                })
              : t('wallet.deposit.sendOnlyRequired', { coin: coinName(coin), network: networkName(network) })}
          </Callout>
        )}
      </div>
    </Card>
  );
}
