import type { TNetwork } from './constants';

/** The address families: the EVM networks share one address per user. */
export const CHAIN_FAMILIES = ['evm', 'tron', 'bitcoin'] as const;
export type TChainFamily = (typeof CHAIN_FAMILIES)[number];
export const FAMILY_OF_NETWORK = {
  ethereum: 'evm',
  polygon: 'evm',
  bsc: 'evm',
  tron: 'tron',
  bitcoin: 'bitcoin',
} as const satisfies Record<TNetwork, TChainFamily>;

// Shape only: the 0x prefix is optional because some wallets copy the bare hex. The server also
// verifies the EIP-55 checksum of mixed-case addresses, which needs keccak and so stays there.
export const EVM_ADDRESS_PATTERN = /^(0x)?[0-9a-fA-F]{40}$/;
/** Tron: `T` and 33 more base58 characters (the server also checks the base58check sum). */
export const TRON_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

export const isEvmAddressShape = (s: string): boolean => EVM_ADDRESS_PATTERN.test(s);

/** How a wrong address is explained, per family. */
export const ADDRESS_HINT: Record<TChainFamily, string> = {
  evm: 'Enter a valid address: 0x followed by 40 hexadecimal characters, with a correct checksum',
  tron: 'Enter a valid Tron address: it starts with T and has 34 characters',
  bitcoin: 'Enter a valid Bitcoin address (bc1…, 1… or 3…)',
};

/**
 * Whether an address has its family's shape: what a form can tell before asking the server (which
 * checks the checksums too). Bitcoin's three encodings are left to the server.
 */
export function hasAddressShape(family: TChainFamily, address: string): boolean {
  if (family === 'evm') return EVM_ADDRESS_PATTERN.test(address);
  if (family === 'tron') return TRON_ADDRESS_PATTERN.test(address);
  return true;
}
