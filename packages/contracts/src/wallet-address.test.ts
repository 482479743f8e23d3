import { describe, expect, it } from 'vitest';
import { ZWithdrawRequest } from './wallet';
import { ADDRESS_HINT, isEvmAddressShape } from './wallet-address';

const HEX_40 = '52908400098527886E0F7030069857D2E4169EE7';

describe('isEvmAddressShape', () => {
  it('accepts 40 hex characters after 0x', () => {
    expect(isEvmAddressShape(`0x${HEX_40}`)).toBe(true);
  });

  it('accepts 40 hex characters without the 0x prefix', () => {
    expect(isEvmAddressShape(HEX_40.toLowerCase())).toBe(true);
  });

  it.each([
    ['39 hex characters', `0x${HEX_40.slice(1)}`],
    ['41 hex characters', `0x${HEX_40}0`],
    ['a character outside hex', `0x${HEX_40.slice(1)}g`],
    ['an upper-case 0X prefix', `0X${HEX_40}`],
    ['surrounding whitespace', ` 0x${HEX_40}`],
    ['a Tron address', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
    ['an empty string', ''],
  ])('refuses %s', (_case, s) => {
    expect(isEvmAddressShape(s)).toBe(false);
  });
});

describe('ZWithdrawRequest: an address of the network chosen', () => {
  const request = (network: 'ethereum' | 'tron', address: string) =>
    ZWithdrawRequest.safeParse({ coin: 'usdt', network, address, amount: '150' });
  const addressError = (result: ReturnType<typeof request>) =>
    result.error?.issues.find((issue) => issue.path.join('.') === 'address')?.message;

  it('takes an EVM and a Tron address on their networks', () => {
    expect(request('ethereum', `0x${HEX_40}`).success).toBe(true);
    expect(request('tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7').success).toBe(true);
  });

  it('refuses an address of another family with that network’s hint', () => {
    expect(addressError(request('ethereum', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'))).toBe(ADDRESS_HINT.evm);
    expect(addressError(request('tron', `0x${HEX_40}`))).toBe(ADDRESS_HINT.tron);
  });
});
