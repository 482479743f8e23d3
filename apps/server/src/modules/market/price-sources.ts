import type { TPriceSource } from '@td/contracts/market';
import type { TPairType } from '@td/contracts/statuses';
import type { TConfig } from '../../config';

/** Which pairs a live feed prices: Binance's public stream has the crypto pairs only. */
export function priceSourceOf(feed: TConfig['MARKET_FEED'], pairType: TPairType): TPriceSource {
  return feed === 'binance' && pairType === 'crp' ? 'live' : 'simulated';
}

/**
 * Where each pair's prices come from, and whether Real accounts may trade it: only on live prices,
 * unless a demonstration deployment allows simulated ones (`REAL_TRADING_ON_SIMULATED_PRICES`).
 */
export interface PricePolicy {
  sourceOf(pairType: TPairType): TPriceSource;
  isRealTradable(pairType: TPairType): boolean;
}

export function pricePolicy(
  config: Pick<TConfig, 'MARKET_FEED' | 'REAL_TRADING_ON_SIMULATED_PRICES'>,
): PricePolicy {
  const sourceOf = (pairType: TPairType) => priceSourceOf(config.MARKET_FEED, pairType);
  return {
    sourceOf,
    isRealTradable: (pairType) => config.REAL_TRADING_ON_SIMULATED_PRICES || sourceOf(pairType) === 'live',
  };
}
