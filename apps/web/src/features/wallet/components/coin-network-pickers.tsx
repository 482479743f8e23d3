import { NETWORKS_BY_COIN, type TCoin, type TNetwork } from '@td/contracts/constants';
import { SelectField } from '../../../components/select-field';
import { coinName, networkName } from '../../../domain/wallet/components/coin-labels';
import { useT } from '../../../lib/i18n';
import styles from './wallet-screen.module.css';

/** The Coin and Network selects of a deposit or a withdrawal, side by side; networks follow the coin. */
export function CoinNetworkPickers<TPickedCoin extends TCoin>({
  coins,
  coin,
  network,
  onCoinChange,
  onNetworkChange,
}: {
  coins: readonly TPickedCoin[];
  coin: TPickedCoin;
  network: TNetwork;
  onCoinChange: (coin: TPickedCoin) => void;
  onNetworkChange: (network: TNetwork) => void;
}) {
  const t = useT();
  return (
    <div className={styles.pickers}>
      <SelectField
        label={t('wallet.coin')}
        options={coins.map((value) => ({ value, label: coinName(value) }))}
        value={coin}
        onChange={(event) => onCoinChange(event.target.value as TPickedCoin)}
      />
      <SelectField
        label={t('wallet.network')}
        options={NETWORKS_BY_COIN[coin].map((value) => ({ value, label: networkName(value) }))}
        value={network}
        onChange={(event) => onNetworkChange(event.target.value as TNetwork)}
      />
    </div>
  );
}
