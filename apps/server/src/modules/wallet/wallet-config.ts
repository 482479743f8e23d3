import {
  COINS,
  NETWORKS,
  NETWORKS_BY_COIN,
  type TCoin,
  type TNetwork,
  WITHDRAW_COINS,
} from '@td/contracts/constants';
import { parseScaled } from '@td/contracts/decimal';
import { NETWORK_DEFAULTS, type TNetworkSettings } from '@td/contracts/settings';
import type { TCoinInfo } from '@td/contracts/wallet';
import type { SettingsService } from '../settings/settings.service';

/** What an administrator sets per network (money in USD, as decimal strings). */
export type NetworkSettings = TNetworkSettings;
export { NETWORK_DEFAULTS };

/** Decimals of each coin on each network: native coins, and USDT (18 on BSC, 6 elsewhere). */
export function coinDecimals(coin: TCoin, network: TNetwork): number {
  if (coin === 'usdt') return network === 'bsc' ? 18 : 6;
  if (coin === 'btc') return 8;
  if (coin === 'tron') return 6;
  return 18;
}

/** The native coin of each network. */
export const NATIVE_COIN: Record<TNetwork, TCoin> = {
  ethereum: 'eth',
  polygon: 'matic',
  bsc: 'bnb',
  tron: 'tron',
  bitcoin: 'btc',
};

/** The pair whose live price values a coin in USD; USDT counts one to one. */
export const PRICE_SYMBOL: Record<TCoin, string | null> = {
  usdt: null,
  eth: 'ETH_USDT',
  bnb: 'BNB_USDT',
  matic: 'POL_USDT',
  tron: 'TRX_USDT',
  btc: 'BTC_USDT',
};

export interface WalletSettings {
  reviewAbove: string;
  /** Off: deposits still show as they arrive, but are credited only once deposits are on again. */
  depositsEnabled: boolean;
  /** Off: no new withdrawals, and the sender sends none of the approved ones until it is on again. */
  withdrawalsEnabled: boolean;
  /** How long a withdrawal's quote can be confirmed after it was priced. */
  quoteTtlSeconds: number;
  networks: Record<TNetwork, NetworkSettings>;
}

/** The `wallet` settings group with each network's defaults filled in field by field. */
export async function readWalletSettings(settings: SettingsService): Promise<WalletSettings> {
  const stored = await settings.get('wallet');
  const networks: Partial<Record<TNetwork, Partial<NetworkSettings>>> = stored.networks;
  return {
    reviewAbove: stored.reviewAbove,
    depositsEnabled: stored.depositsEnabled,
    withdrawalsEnabled: stored.withdrawalsEnabled,
    quoteTtlSeconds: stored.quoteTtlSeconds,
    networks: Object.fromEntries(
      NETWORKS.map((network) => [network, { ...NETWORK_DEFAULTS[network], ...networks[network] }]),
    ) as Record<TNetwork, NetworkSettings>,
  };
}

export const usdCents = (text: string) => parseScaled(text, 2, 'down');

/** GET /wallet/coins: every coin with its networks; deposits are on where a watcher runs. */
export function coinCatalogue(
  wallet: WalletSettings,
  enabled: {
    watched: (network: TNetwork) => boolean;
    deposit: (network: TNetwork) => boolean;
    withdraw: (network: TNetwork) => boolean;
  },
): TCoinInfo[] {
  return COINS.map((coin) => ({
    coin,
    networks: NETWORKS_BY_COIN[coin].map((network) => {
      const n = wallet.networks[network];
      return {
        network,
        minDeposit: n.minDeposit,
        minWithdraw: n.minWithdraw,
        maxWithdraw: n.maxWithdraw,
        fee: n.fee,
        confirmations: n.confirmations,
        isWatched: enabled.watched(network),
        depositEnabled: enabled.deposit(network),
        withdrawEnabled: (WITHDRAW_COINS as readonly TCoin[]).includes(coin) && enabled.withdraw(network),
      };
    }),
  }));
}
