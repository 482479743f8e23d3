import fc from 'fast-check';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  checksumEvmAddress,
  evmFromTron,
  isBitcoinAddress,
  isEvmAddress,
  isTronAddress,
  tronFromEvm,
} from './addresses';
import { TRON_USDT } from './sources/fixtures/tron-two-customers';

/** Each kind of address with the vectors it must accept and those it must refuse. */
const ADDRESS_VECTORS = [
  {
    kind: 'EVM',
    isAddress: isEvmAddress,
    // EIP-55 examples, all lower or upper case, bare hex.
    accepted: [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0xde709f2102306220921060314715629080e2fb77',
      '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ],
    // A bad checksum, length, character.
    refused: [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
      '0xZaAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '',
    ],
  },
  {
    kind: 'Tron',
    isAddress: isTronAddress,
    // Tether's contract.
    accepted: [TRON_USDT],
    refused: [
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u',
      'AR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ],
  },
  {
    kind: 'Bitcoin',
    isAddress: isBitcoinAddress,
    // BIP-173/350 vectors, P2PKH, P2SH.
    accepted: [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    ],
    refused: [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      'bc1QW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
      'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
    ],
  },
];

describe.each(ADDRESS_VECTORS)('$kind addresses', ({ isAddress, accepted, refused }) => {
  it.each(accepted)('accepts %s', (address) => {
    expect(isAddress(address)).toBe(true);
  });
  it.each(refused)('refuses %s', (address) => {
    expect(isAddress(address)).toBe(false);
  });
});

describe('EIP-55 checksums', () => {
  it('writes the examples of EIP-55 as the standard does', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ])
      expect(checksumEvmAddress(address.toLowerCase())).toBe(address);
  });

  it('agrees with viem on any address, whatever its case', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean(), (bytes, upper) => {
        const hex = Buffer.from(bytes).toString('hex');
        const address = `0x${upper ? hex.toUpperCase() : hex}`;
        expect(checksumEvmAddress(address)).toBe(getAddress(`0x${hex}`));
      }),
    );
  });
});

describe('Tron addresses', () => {
  it('round-trips the USDT contract address through the EVM form', () => {
    expect(tronFromEvm(evmFromTron(TRON_USDT))).toBe(TRON_USDT);
  });
});
