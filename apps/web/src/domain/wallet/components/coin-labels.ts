import { COIN_LABEL, displayAsset, NETWORK_LABEL, type TCoin, type TNetwork } from '@td/contracts/constants';
import { t } from '../../../lib/i18n';

/** A coin as users read it: POL for matic, USD for USDT amounts, TRX for tron. */
export const coinName = (coin: string) =>
  coin in COIN_LABEL ? COIN_LABEL[coin as TCoin] : t('wallet.unknownCoin');
export const coinAmountUnit = (coin: string) => displayAsset(coinName(coin));
export const networkName = (network: string) =>
  network in NETWORK_LABEL ? NETWORK_LABEL[network as TNetwork] : network;
