import { COINS, NETWORKS_BY_COIN, type TCoin, type TNetwork } from '@td/contracts/constants';
import { useState } from 'react';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';
import { Skeleton } from '../../../components/skeleton';
import { coinName, networkName } from '../../../domain/wallet/components/coin-labels';
import { formatMoney } from '../../../lib/format';
import { useCoins } from '../api/get-coins';
import { useDepositAddress } from '../api/get-deposit-address';
import { AddressQr } from './address-qr';
import { CoinNetworkPickers } from './coin-network-pickers';
import styles from './wallet-screen.module.css';

/** Deposit: pick the coin and network, and send to the address shown (QR code and copy). */
export function DepositPanel() {
  const [coin, setCoin] = useState<TCoin>('usdt');
  // Until the user picks one, the coin's first network this desk follows (else its first network).
  const [picked, setPicked] = useState<TNetwork | null>(null);
  const coins = useCoins();
  const networksOf = coins.data?.find((c) => c.coin === coin)?.networks;
  const network = picked ?? networksOf?.find((n) => n.isWatched)?.network ?? NETWORKS_BY_COIN[coin][0];
  const address = useDepositAddress(coin, network);
  const info = networksOf?.find((n) => n.network === network);

  return (
    <Card title="Deposit crypto">
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
              No address is shown for a network this desk does not follow.
            </p>
          ) : address.isError ? (
            <Callout tone="danger" role="alert" title="The address could not be loaded">
              Try again in a moment.
            </Callout>
          ) : address.data ? (
            <>
              <AddressQr address={address.data.data.address} />
              <div className={styles.addressText}>
                <span className={styles.label}>
                  Your {coinName(coin)} address on {networkName(network)}
                </span>
                <code className={styles.address} data-testid="deposit-address">
                  {address.data.data.address}
                </code>
                <CopyButton text={address.data.data.address} label="Copy address" />
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
            <dt>Minimum deposit</dt>
            <dd className="tabular">{info ? `${formatMoney(info.minDeposit, 2)} USD` : '—'}</dd>
          </div>
          <div>
            <dt>Confirmations needed</dt>
            <dd className="tabular">{info?.confirmations ?? '—'}</dd>
          </div>
        </dl>
        {info && !info.isWatched ? (
          <Callout
            tone="warning"
            title={`Deposits on ${networkName(network)} are not available`}
            role="status"
          >
            This desk is not connected to the {networkName(network)} network, so it would not see a transfer
            sent there. Choose another network, or ask support when it will be available.
          </Callout>
        ) : info && !info.depositEnabled ? (
          <Callout tone="warning" title={`${networkName(network)} deposits are paused`}>
            Transfers sent now are credited once deposits resume.
          </Callout>
        ) : (
          <Callout tone="info">
            Send only {coinName(coin)} on {networkName(network)} to this address. Deposits are credited in USD
            at the live price after {info?.confirmations ?? 'the required'} confirmations; below the minimum,
            or in another token, they are not credited.
          </Callout>
        )}
      </div>
    </Card>
  );
}
