// Checks and converts crypto wallet addresses for deposits and withdrawals: EVM (with the EIP-55
// checksum), Tron and Bitcoin mainnet formats, and Tron's form of an EVM address and back.
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58check, bech32, bech32m } from '@scure/base';
import type { TChainFamily } from '@td/contracts/wallet';
import { EVM_ADDRESS_PATTERN, TRON_ADDRESS_PATTERN } from '@td/contracts/wallet-address';

const b58c = base58check(sha256);

/** Tron's version byte: every mainnet address starts with `T`. */
export const TRON_PREFIX = 0x41;

/**
 * An EVM address (`0x` and 40 hex digits, any case) in EIP-55's mixed case: a letter is upper case
 * where the keccak-256 of the lower-case address has a nibble of 8 or more at its position.
 */
export function checksumEvmAddress(address: string): `0x${string}` {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(Buffer.from(hex, 'ascii'));
  let checksummed = '0x';
  for (let i = 0; i < hex.length; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    checksummed += nibble >= 8 ? (hex[i] ?? '').toUpperCase() : hex[i];
  }
  return checksummed as `0x${string}`;
}

/** An EVM address: the pattern, and the EIP-55 checksum when the letters are of mixed case. */
export function isEvmAddress(address: string): boolean {
  if (!EVM_ADDRESS_PATTERN.test(address)) return false;
  const hex = address.replace(/^0x/, '');
  const letters = hex.replace(/[^a-fA-F]/g, '');
  if (letters === letters.toLowerCase() || letters === letters.toUpperCase()) return true;
  return checksumEvmAddress(`0x${hex}`) === `0x${hex}`;
}

export function isTronAddress(address: string): boolean {
  if (!TRON_ADDRESS_PATTERN.test(address)) return false;
  try {
    const bytes = b58c.decode(address);
    return bytes.length === 21 && bytes[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}

/** Bitcoin mainnet: P2PKH/P2SH in base58check, segwit v0 in bech32, taproot (v1+) in bech32m. */
export function isBitcoinAddress(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower.startsWith('bc1')) {
    if (address !== lower && address !== address.toUpperCase()) return false;
    try {
      const v0 = (() => {
        try {
          return bech32.decode(lower as `${string}1${string}`);
        } catch {
          return undefined;
        }
      })();
      const decoded = v0 ?? bech32m.decode(lower as `${string}1${string}`);
      if (decoded.prefix !== 'bc') return false;
      const [version, ...words] = decoded.words;
      if (version === undefined || version > 16) return false;
      // v0 must be bech32, v1+ bech32m (BIP-350).
      if ((version === 0) !== (v0 !== undefined)) return false;
      const program = bech32.fromWords(words);
      if (version === 0) return program.length === 20 || program.length === 32;
      return program.length >= 2 && program.length <= 40;
    } catch {
      return false;
    }
  }
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return false;
  try {
    const bytes = b58c.decode(address);
    return bytes.length === 21 && (bytes[0] === 0x00 || bytes[0] === 0x05);
  } catch {
    return false;
  }
}

export const ADDRESS_CHECKS: Record<TChainFamily, (address: string) => boolean> = {
  evm: isEvmAddress,
  tron: isTronAddress,
  bitcoin: isBitcoinAddress,
};

/** Tron addresses are the EVM address bytes behind the 0x41 version byte. */
export function tronFromEvm(evmAddress: string): string {
  const hex = evmAddress.replace(/^0x/, '');
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_PREFIX;
  for (let i = 0; i < 20; i++) bytes[i + 1] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return b58c.encode(bytes);
}

export function evmFromTron(tronAddress: string): `0x${string}` {
  const bytes = b58c.decode(tronAddress).slice(1);
  return `0x${Buffer.from(bytes).toString('hex')}`;
}
