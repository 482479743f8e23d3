import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { isBitcoinAddress, isEvmAddress, isTronAddress } from './addresses';
import {
  ACCOUNT_PATHS,
  bitcoinAddressOfPublicKey,
  createAddressDeriver,
  DEVELOPMENT_KEY_ADDRESSES,
  DEVELOPMENT_MNEMONIC,
  evmAddressOfPublicKey,
  HOT_WALLET_PATH,
  hotWalletKeyFromMnemonic,
  isDevelopmentKey,
  parseWalletKey,
  seedOfMnemonic,
} from './hd';

const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('the seed of a mnemonic', () => {
  it("is BIP-39's, as its reference implementation derives it (NFKD form included)", () => {
    for (const mnemonic of [ABANDON, DEVELOPMENT_MNEMONIC, Array(12).fill('caf\u00e9').join(' ')])
      expect(Buffer.from(seedOfMnemonic(mnemonic)).toString('hex')).toBe(
        Buffer.from(mnemonicToSeedSync(mnemonic)).toString('hex'),
      );
    // The BIP-39 test vector's seed without a passphrase.
    expect(Buffer.from(seedOfMnemonic(ABANDON)).toString('hex')).toMatch(
      /^5eb00bbddcf069084889a8ab9155568165f5c453/,
    );
  });
});

describe('BIP-32 test vector 1 (seed 000102…0f)', () => {
  const master = HDKey.fromMasterSeed(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'));
  it.each([
    [
      'm',
      'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
    ],
    [
      "m/0'",
      'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
    ],
    [
      "m/0'/1",
      'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
    ],
    [
      "m/0'/1/2'/2/1000000000",
      'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
    ],
  ])('%s', (path, xpub) => {
    expect(master.derive(path).publicExtendedKey).toBe(xpub);
  });

  it('a child derived from the public key alone matches the private derivation', () => {
    const account = master.derive("m/0'");
    const publicOnly = HDKey.fromExtendedKey(account.publicExtendedKey);
    expect(publicOnly.derive('m/1/2').publicExtendedKey).toBe(account.derive('m/1/2').publicExtendedKey);
  });
});

describe('deposit addresses', () => {
  const abandon = createAddressDeriver({ mnemonic: ABANDON });

  it('EVM: BIP-44 m/44h/60h/0h/0/0 of the "abandon … about" mnemonic', () => {
    expect(abandon.address('evm', 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(abandon.address('evm', 1)).toBe('0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0');
  });

  it('Bitcoin: BIP-84 m/84h/0h/0h/0/0 and /0/1 of the BIP-84 test vector', () => {
    expect(abandon.address('bitcoin', 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(abandon.address('bitcoin', 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('Tron: BIP-44 m/44h/195h/0h/0/0, a T… base58check address', () => {
    const address = abandon.address('tron', 0);
    expect(address).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(isTronAddress(address)).toBe(true);
  });

  it('the development key is hardhat’s, and its first EVM account is the well-known one', () => {
    const dev = createAddressDeriver({});
    expect(dev.isDevelopment).toBe(true);
    expect(dev.address('evm', 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(createAddressDeriver({ mnemonic: DEVELOPMENT_MNEMONIC }).isDevelopment).toBe(true);
    expect(abandon.isDevelopment).toBe(false);
  });

  it('account-level xpubs give the same addresses as the mnemonic, with no private key', () => {
    const { accounts } = parseWalletKey({ mnemonic: ABANDON });
    const xpub = (['evm', 'tron', 'bitcoin'] as const)
      .map((family) => `${family}:${accounts[family].publicExtendedKey}`)
      .join(',');
    const fromXpub = createAddressDeriver({ xpub });
    expect(fromXpub.isDevelopment).toBe(false);
    for (const family of ['evm', 'tron', 'bitcoin'] as const) {
      for (const index of [0, 1, 7])
        expect(fromXpub.address(family, index)).toBe(abandon.address(family, index));
    }
    expect(ACCOUNT_PATHS.bitcoin).toBe("m/84'/0'/0'");
  });

  it('different indexes never give the same address', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) seen.add(abandon.address('evm', i));
    expect(seen.size).toBe(50);
  });

  it('rejects a malformed key', () => {
    expect(() => createAddressDeriver({ mnemonic: 'not a mnemonic' })).toThrow(/BIP-39/);
    expect(() => createAddressDeriver({ xpub: 'evm:xpubnothing' })).toThrow();
  });

  it('the address helpers take a compressed public key', () => {
    const key = HDKey.fromMasterSeed(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'));
    expect(isEvmAddress(evmAddressOfPublicKey(key.publicKey as Uint8Array))).toBe(true);
    expect(isBitcoinAddress(bitcoinAddressOfPublicKey(key.publicKey as Uint8Array))).toBe(true);
  });
});

describe('the keys that are public knowledge', () => {
  const root = HDKey.fromMasterSeed(seedOfMnemonic(DEVELOPMENT_MNEMONIC));
  const keyAt = (path: string) =>
    `0x${Buffer.from(root.derive(path).privateKey as Uint8Array).toString('hex')}`;
  const published = [HOT_WALLET_PATH, ...Array.from({ length: 20 }, (_, i) => `m/44'/60'/0'/0/${i}`)];

  it("are the development mnemonic's hot wallet and the 20 accounts local chains print, in order", () => {
    const addressOf = (path: string) => evmAddressOfPublicKey(root.derive(path).publicKey as Uint8Array);
    expect(DEVELOPMENT_KEY_ADDRESSES).toEqual(published.map(addressOf));
    // The first account every local chain prints.
    expect(DEVELOPMENT_KEY_ADDRESSES[1]).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('are recognised in any spelling of the key, and no other key is', () => {
    for (const path of published) {
      const key = keyAt(path);
      expect(isDevelopmentKey(key)).toBe(true);
      expect(isDevelopmentKey(key.slice(2).toUpperCase())).toBe(true);
    }
    expect(isDevelopmentKey(hotWalletKeyFromMnemonic())).toBe(true);
    expect(isDevelopmentKey(keyAt("m/44'/60'/0'/0/20"))).toBe(false);
    expect(isDevelopmentKey(hotWalletKeyFromMnemonic(ABANDON))).toBe(false);
    for (const notAKey of ['', '0x', '00'.repeat(32), 'ff'.repeat(32), 'zz'.repeat(32), '0x1234'])
      expect(isDevelopmentKey(notAKey)).toBe(false);
  });
});
