import type { TCoinInfo, TCoinNetwork } from '@td/contracts/wallet';
import { describe, expect, it } from 'vitest';
import { isNoChainConnected } from './no-chain';

const network = (name: TCoinNetwork['network'], isWatched: boolean): TCoinNetwork => ({
  network: name,
  minDeposit: '10',
  minWithdraw: '10',
  maxWithdraw: '1000',
  fee: '1',
  confirmations: 12,
  isWatched,
  depositEnabled: isWatched,
  withdrawEnabled: true,
});

describe('isNoChainConnected', () => {
  it('is true only when no network of any coin is followed', () => {
    const none: TCoinInfo[] = [
      { coin: 'usdt', networks: [network('polygon', false), network('tron', false)] },
      { coin: 'btc', networks: [network('bitcoin', false)] },
    ];
    expect(isNoChainConnected(none)).toBe(true);
    const one: TCoinInfo[] = [
      { coin: 'usdt', networks: [network('polygon', true), network('tron', false)] },
      { coin: 'btc', networks: [network('bitcoin', false)] },
    ];
    expect(isNoChainConnected(one)).toBe(false);
  });

  it('says nothing before the coins are known', () => {
    expect(isNoChainConnected(undefined)).toBe(false);
    expect(isNoChainConnected([])).toBe(false);
  });
});
