// Reads from the configuration which blockchains the wallet works on: the networks whose deposits
// are watched (those with a node or API set) and those where withdrawals are sent automatically,
// which needs a hot-wallet key; without one, staff send withdrawals by hand.
import type { TNetwork } from '@td/contracts/constants';
import type { TConfig } from '../../config';
import { hotWalletKeyFromMnemonic } from './hd';

export const EVM_NETWORKS = ['ethereum', 'polygon', 'bsc'] as const satisfies readonly TNetwork[];
export type TEvmNetwork = (typeof EVM_NETWORKS)[number];

/** The settings of the chains: their nodes and APIs, and the wallet's keys. */
export type ChainEnv = Pick<
  TConfig,
  | 'EVM_RPC_ETHEREUM'
  | 'EVM_RPC_POLYGON'
  | 'EVM_RPC_BSC'
  | 'TRON_API_URL'
  | 'BITCOIN_API_URL'
  | 'WALLET_HOT_KEY'
  | 'WALLET_MNEMONIC'
  | 'WALLET_XPUB'
>;

export function evmRpcUrl(config: ChainEnv, network: TEvmNetwork): string | undefined {
  return { ethereum: config.EVM_RPC_ETHEREUM, polygon: config.EVM_RPC_POLYGON, bsc: config.EVM_RPC_BSC }[
    network
  ];
}

/** The EVM networks with a node configured, each with its node's URL. */
export function evmNodes(config: ChainEnv): Array<{ network: TEvmNetwork; url: string }> {
  return EVM_NETWORKS.flatMap((network) => {
    const url = evmRpcUrl(config, network);
    return url ? [{ network, url }] : [];
  });
}

/** Networks whose deposits are watched: those with a node or API configured. */
export function depositNetworks(config: ChainEnv): Set<TNetwork> {
  const set = new Set<TNetwork>(evmNodes(config).map(({ network }) => network));
  if (config.TRON_API_URL) set.add('tron');
  if (config.BITCOIN_API_URL) set.add('bitcoin');
  return set;
}

/**
 * The hot wallet's key: WALLET_HOT_KEY, or in development (no xpub) one derived from the mnemonic.
 * Without it, withdrawals wait for an administrator to send them by hand.
 */
export function hotWalletKey(config: ChainEnv): `0x${string}` | undefined {
  if (config.WALLET_HOT_KEY) {
    const key = config.WALLET_HOT_KEY;
    return (key.startsWith('0x') ? key : `0x${key}`) as `0x${string}`;
  }
  if (config.WALLET_XPUB) return undefined;
  return hotWalletKeyFromMnemonic(config.WALLET_MNEMONIC);
}

/** Networks where the sender broadcasts withdrawals: EVM networks with a node and a hot key. */
export function senderNetworks(config: ChainEnv): Set<TNetwork> {
  const nodes = evmNodes(config);
  // The key is looked at only when there is a node to send through (deriving it takes a tenth of a second).
  if (nodes.length === 0 || !hotWalletKey(config)) return new Set();
  return new Set(nodes.map(({ network }) => network));
}
