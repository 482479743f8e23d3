import { pbkdf2Sync } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { TChainFamily } from '@td/contracts/wallet';
import { checksumEvmAddress, tronFromEvm } from './addresses';

/**
 * The development mnemonic: the well-known one of local EVM test chains. Anything derived from it
 * is public knowledge, so the server says so loudly whenever it is in use.
 */
export const DEVELOPMENT_MNEMONIC = 'test test test test test test test test test test test junk';

/** A mnemonic as written in a variable: spaces around and between the words do not count. */
export const normalizeMnemonic = (mnemonic: string) => mnemonic.trim().replace(/\s+/g, ' ');

/**
 * BIP-39's seed of a mnemonic without a passphrase: PBKDF2-HMAC-SHA512 of its NFKD form, salt
 * "mnemonic", 2,048 rounds, 64 bytes. Node's own PBKDF2 takes about a millisecond where the
 * JavaScript one took a third of a second of every start.
 */
export function seedOfMnemonic(mnemonic: string): Uint8Array {
  return new Uint8Array(pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'));
}

/** The account of each family: BIP-44 for EVM (coin 60) and Tron (coin 195), BIP-84 for Bitcoin. */
export const ACCOUNT_PATHS: Record<TChainFamily, string> = {
  evm: "m/44'/60'/0'",
  tron: "m/44'/195'/0'",
  bitcoin: "m/84'/0'/0'",
};

/** The hot wallet that sends EVM withdrawals, when it comes from the mnemonic (development). */
export const HOT_WALLET_PATH = "m/44'/60'/1'/0/0";

export function evmAddressOfPublicKey(publicKey: Uint8Array): `0x${string}` {
  const point = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(point.slice(1));
  return checksumEvmAddress(`0x${Buffer.from(hash.slice(-20)).toString('hex')}`);
}

export function bitcoinAddressOfPublicKey(publicKey: Uint8Array): string {
  const program = ripemd160(sha256(publicKey));
  return bech32.encode('bc', [0, ...bech32.toWords(program)]);
}

export interface AddressDeriver {
  /** The deposit address of a derivation index in a family. */
  address(family: TChainFamily, index: number): string;
  /** Whether the key is the public development one. */
  readonly isDevelopment: boolean;
}

const ADDRESS_OF: Record<TChainFamily, (publicKey: Uint8Array) => string> = {
  evm: evmAddressOfPublicKey,
  tron: (publicKey) => tronFromEvm(evmAddressOfPublicKey(publicKey)),
  bitcoin: bitcoinAddressOfPublicKey,
};

/**
 * Account keys per family, from a mnemonic (development) or from account-level extended public
 * keys (`WALLET_XPUB`: `evm:xpub…,tron:xpub…,bitcoin:xpub…`, each the key at the family's account
 * path), so a production server holds no private key for deposit addresses.
 */
export function parseWalletKey(input: { xpub?: string | undefined; mnemonic?: string | undefined }): {
  accounts: Record<TChainFamily, HDKey>;
  isDevelopment: boolean;
} {
  if (input.xpub) {
    const parts = new Map<string, string>();
    for (const part of input.xpub.split(',')) {
      const [family, key] = part.split(':').map((s) => s.trim());
      if (!family || !key) throw new Error('WALLET_XPUB must read evm:xpub…,tron:xpub…,bitcoin:xpub…');
      parts.set(family, key);
    }
    const account = (family: TChainFamily) => {
      const key = parts.get(family);
      if (!key) throw new Error(`WALLET_XPUB has no ${family} key`);
      return HDKey.fromExtendedKey(key);
    };
    return {
      accounts: { evm: account('evm'), tron: account('tron'), bitcoin: account('bitcoin') },
      isDevelopment: false,
    };
  }
  const mnemonic = normalizeMnemonic(input.mnemonic ?? DEVELOPMENT_MNEMONIC);
  if (!validateMnemonic(mnemonic, wordlist))
    throw new Error('WALLET_MNEMONIC is not a valid BIP-39 mnemonic');
  const root = HDKey.fromMasterSeed(seedOfMnemonic(mnemonic));
  return {
    accounts: {
      evm: root.derive(ACCOUNT_PATHS.evm),
      tron: root.derive(ACCOUNT_PATHS.tron),
      bitcoin: root.derive(ACCOUNT_PATHS.bitcoin),
    },
    isDevelopment: mnemonic === DEVELOPMENT_MNEMONIC,
  };
}

/** Deposit addresses on the external chain of each account: `<account>/0/<index>`. */
export function createAddressDeriver(input: { xpub?: string | undefined; mnemonic?: string | undefined }) {
  const { accounts, isDevelopment } = parseWalletKey(input);
  const external = {
    evm: accounts.evm.deriveChild(0),
    tron: accounts.tron.deriveChild(0),
    bitcoin: accounts.bitcoin.deriveChild(0),
  };
  const deriver: AddressDeriver = {
    isDevelopment,
    address(family, index) {
      if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`bad index ${index}`);
      const child = external[family].deriveChild(index);
      if (!child.publicKey) throw new Error('derivation gave no public key');
      return ADDRESS_OF[family](child.publicKey);
    },
  };
  return deriver;
}

const privateKeyAt = (mnemonic: string, path: string): `0x${string}` => {
  const key = HDKey.fromMasterSeed(seedOfMnemonic(normalizeMnemonic(mnemonic))).derive(path).privateKey;
  if (!key) throw new Error('no private key');
  return `0x${Buffer.from(key).toString('hex')}`;
};

/** The private key of the development hot wallet, from the mnemonic. */
export function hotWalletKeyFromMnemonic(mnemonic = DEVELOPMENT_MNEMONIC): `0x${string}` {
  return privateKeyAt(mnemonic, HOT_WALLET_PATH);
}

/**
 * The addresses of the keys that are public knowledge: the development hot wallet's
 * (`HOT_WALLET_PATH`), then the 20 funded accounts every local chain prints at start
 * (`m/44'/60'/0'/0/i`), all of the development mnemonic. Written out rather than derived at each
 * start (21 derivations took a second of it); a unit test derives them again.
 */
export const DEVELOPMENT_KEY_ADDRESSES: readonly `0x${string}`[] = [
  '0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650',
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
  '0xBcd4042DE499D14e55001CcbB24a551F3b954096',
  '0x71bE63f3384f5fb98995898A86B02Fb2426c5788',
  '0xFABB0ac9d68B0B445fB7357272Ff202C5651694a',
  '0x1CBd3b2770909D4e10f157cABC84C7264073C9Ec',
  '0xdF3e18d64BC6A983f673Ab319CCaE4f1a57C7097',
  '0xcd3B766CCDd6AE721141F452C550Ca635964ce71',
  '0x2546BcD3c84621e976D8185a91A922aE77ECEc30',
  '0xbDA5747bFD65F08deb54cb465eB87D40e51B197E',
  '0xdD2FD4581271e230360230F9337D5c0430Bf44C0',
  '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199',
];
const developmentKeyAddresses = new Set<string>(DEVELOPMENT_KEY_ADDRESSES);

/** The EVM address of a private key (hex, with or without 0x); undefined when it is not one. */
function evmAddressOfPrivateKey(key: string): `0x${string}` | undefined {
  const hex = key.startsWith('0x') || key.startsWith('0X') ? key.slice(2) : key;
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return undefined;
  try {
    return evmAddressOfPublicKey(secp256k1.getPublicKey(Buffer.from(hex, 'hex'), true));
  } catch {
    return undefined; // zero or past the curve's order: no key at all
  }
}

/**
 * Whether a private key is public knowledge: the development hot wallet's, or one of the funded
 * accounts every local chain prints (`m/44'/60'/0'/0/i` of the development mnemonic).
 */
export function isDevelopmentKey(key: string): boolean {
  const address = evmAddressOfPrivateKey(key);
  return address !== undefined && developmentKeyAddresses.has(address);
}
