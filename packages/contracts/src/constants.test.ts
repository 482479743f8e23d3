import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  AMOUNT_MAX,
  AMOUNT_MIN,
  CHART_INTERVALS,
  COIN_LABEL,
  COINS,
  DEFAULT_ACCOUNT,
  DEFAULT_INTERVAL,
  DEFAULT_PAIR,
  DEFAULT_THEME,
  DEMO_START_BALANCE,
  displayAsset,
  INTERVAL_MS,
  NETWORK_LABEL,
  NETWORKS,
  NETWORKS_BY_COIN,
  PAIR_FILTERS,
  PERIODS,
  PRICE_POLL_MS,
  SHORTEN_K_FROM,
  SHORTEN_M_FROM,
  SOCKET_OPTIONS,
  TOAST_DURATION_MS,
  WITHDRAW_COINS,
} from './constants';
import {
  ZAccount,
  ZChartInterval,
  ZCoin,
  ZNetwork,
  ZPairFilter,
  ZPeriod,
  ZTheme,
  ZWithdrawCoin,
} from './enums';

describe('prices and charts', () => {
  it('polls prices every five seconds and reconnects between one and five seconds', () => {
    expect(PRICE_POLL_MS).toBe(5000);
    expect(SOCKET_OPTIONS).toEqual({
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20000,
    });
  });

  it('opens on the hourly BTC_USDT chart', () => {
    expect(DEFAULT_PAIR).toBe('BTC_USDT');
    expect(DEFAULT_INTERVAL).toBe('60');
    expect(ZChartInterval.parse(DEFAULT_INTERVAL)).toBe('60');
  });

  it('offers minute intervals from 1 to 240 plus day and week', () => {
    expect(CHART_INTERVALS).toEqual(['1', '5', '15', '30', '60', '240', '1D', '1W']);
    expect(ZChartInterval.safeParse('1M').success).toBe(false);
  });

  it('gives every chart interval and the month a length in milliseconds', () => {
    for (const interval of CHART_INTERVALS) expect(INTERVAL_MS[interval]).toBeGreaterThan(0);
    expect(INTERVAL_MS['1']).toBe(60_000);
    expect(INTERVAL_MS['60']).toBe(3_600_000);
    expect(INTERVAL_MS['240']).toBe(4 * 3_600_000);
    expect(INTERVAL_MS['1D']).toBe(86_400_000);
    expect(INTERVAL_MS['1W']).toBe(7 * 86_400_000);
    expect(INTERVAL_MS['1M']).toBe(30 * 86_400_000);
  });
});

describe('amounts', () => {
  it('bounds an order between 10 and 100000000 USD', () => {
    expect(AMOUNT_MIN).toBe(10);
    expect(AMOUNT_MAX).toBe(100_000_000);
  });

  it('shortens to M from a million and to K from a hundred thousand', () => {
    expect(SHORTEN_M_FROM).toBe(1_000_000);
    expect(SHORTEN_K_FROM).toBe(100_000);
    expect(SHORTEN_M_FROM).toBeGreaterThan(SHORTEN_K_FROM);
  });
});

describe('coins and networks', () => {
  it('withdraws every coin but bitcoin', () => {
    expect(COINS).toEqual(['usdt', 'bnb', 'eth', 'matic', 'tron', 'btc']);
    expect(WITHDRAW_COINS).toEqual(['usdt', 'bnb', 'eth', 'matic', 'tron']);
    expect(ZWithdrawCoin.safeParse('btc').success).toBe(false);
    expect(ZCoin.safeParse('btc').success).toBe(true);
  });

  it('shows matic as POL and tron as TRX', () => {
    expect(COIN_LABEL.matic).toBe('POL');
    expect(COIN_LABEL.tron).toBe('TRX');
    expect(Object.keys(COIN_LABEL)).toEqual([...COINS]);
  });

  it('carries usdt on four networks and every other coin on its own', () => {
    expect(NETWORKS_BY_COIN).toEqual({
      usdt: ['polygon', 'ethereum', 'tron', 'bsc'],
      bnb: ['bsc'],
      eth: ['ethereum'],
      matic: ['polygon'],
      tron: ['tron'],
      btc: ['bitcoin'],
    });
  });

  it('labels every network', () => {
    expect(Object.keys(NETWORK_LABEL)).toEqual([...NETWORKS]);
    expect(NETWORK_LABEL.bsc).toBe('BSC');
    expect(ZNetwork.safeParse('solana').success).toBe(false);
  });
});

describe('lists and accounts', () => {
  it('knows the pair filters and history periods', () => {
    expect(PAIR_FILTERS).toEqual(['all', 'crypto', 'stock', 'forex', 'favorites']);
    expect(ZPairFilter.safeParse('favorites').success).toBe(true);
    expect(PERIODS).toEqual(['all', '1Y', '1M', '1W']);
    expect(ZPeriod.safeParse('1D').success).toBe(false);
  });

  it('defaults to the real account and starts demo at 10000', () => {
    expect(ACCOUNTS).toEqual(['demo', 'real']);
    expect(DEFAULT_ACCOUNT).toBe('real');
    expect(ZAccount.safeParse('paper').success).toBe(false);
    expect(DEMO_START_BALANCE).toBe('10000');
  });

  it('defaults to the dark theme', () => {
    expect(DEFAULT_THEME).toBe('dark');
    expect(ZTheme.options).toEqual(['dark', 'light']);
  });
});

describe('toasts', () => {
  it('keeps success toasts shorter and loading toasts until dismissed', () => {
    expect(TOAST_DURATION_MS.success).toBeLessThan(TOAST_DURATION_MS.error);
    expect(TOAST_DURATION_MS.loading).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('displayAsset', () => {
  it('shows USDT as USD', () => {
    expect(displayAsset('USDT')).toBe('USD');
  });

  it('shows the lower-case coin code usdt as USD too', () => {
    expect(displayAsset('usdt')).toBe('USD');
  });

  it('leaves every other asset code as it is', () => {
    expect(displayAsset('BTC')).toBe('BTC');
    expect(displayAsset('eth')).toBe('eth');
  });
});
