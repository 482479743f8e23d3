import type { TCoin } from '@td/contracts/constants';
import { formatScaled } from '@td/contracts/decimal';
import { mulDivFloor } from '@td/contracts/money-math';
import type { TPairType } from '@td/contracts/statuses';
import type { PricePolicy } from '../market/price-sources';
import type { SettingsService } from '../settings/settings.service';
import { PRICE_SYMBOL } from './wallet-config';

/** A USD price per whole coin: `scaled / 10^precision`. */
export interface CoinPrice {
  scaled: bigint;
  precision: number;
}

/** Reads live prices: the PriceBoard itself (its latest tick of a pair). */
export interface PriceSource {
  get(symbol: string): { price: number; precision: number; tMs: number; pairType: TPairType } | undefined;
}

/**
 * What money may be valued at: a price no older than `maxAgeMs` (the `trading.maxQuoteAgeMs`
 * setting) from a source the Real account may trade on (a live feed, or a demonstration).
 */
export interface ValuationRules {
  maxAgeMs: number;
  policy: Pick<PricePolicy, 'isRealTradable'>;
}

/** The rules as they stand: the setting is read at each valuation. */
export async function valuationRules(
  settings: Pick<SettingsService, 'get'>,
  policy: Pick<PricePolicy, 'isRealTradable'>,
): Promise<ValuationRules> {
  return { maxAgeMs: (await settings.get('trading')).maxQuoteAgeMs, policy };
}

/** A coin's USD price if it may value money now (see {@link ValuationRules}); USDT is 1. */
export function coinPrice(
  source: PriceSource,
  coin: TCoin,
  rules: ValuationRules,
  nowMs = Date.now(),
): CoinPrice | undefined {
  const symbol = PRICE_SYMBOL[coin];
  if (!symbol) return { scaled: 1n, precision: 0 };
  const tick = source.get(symbol);
  if (!tick || tick.price <= 0) return undefined;
  if (!rules.policy.isRealTradable(tick.pairType) || nowMs - tick.tMs > rules.maxAgeMs) return undefined;
  return { scaled: BigInt(tick.price), precision: tick.precision };
}

export const rateText = (price: CoinPrice) => formatScaled(price.scaled, price.precision);

/** USD cents of an amount in the coin's smallest units, rounded down. */
export function centsOfUnits(units: bigint, decimals: number, price: CoinPrice): bigint {
  return mulDivFloor(units * price.scaled, 100n, 10n ** BigInt(decimals + price.precision));
}

/** Coin units bought by USD cents, rounded down (the user never gets more than paid for). */
export function unitsOfCents(cents: bigint, decimals: number, price: CoinPrice): bigint {
  return mulDivFloor(cents * 10n ** BigInt(decimals + price.precision), 1n, price.scaled * 100n);
}
