import type { TPairType } from '@td/contracts/statuses';

/** One pair of the catalogue seeded at first start, with the simulator's view of it. */
export interface CataloguePair {
  symbol: string;
  base: string;
  quote: string;
  pairType: TPairType;
  pricePrecision: number;
  /** Where the simulator's history starts, in quote currency. */
  referencePrice: number;
  /** Annualised volatility of the simulated price (0.6 = 60 %). */
  annualVolatility: number;
  /** Typical USD traded a day, for simulated volume. */
  dailyVolumeUsd: number;
}

export const DEFAULT_MAX_LEVERAGE: Record<TPairType, number> = { crp: 20, forex: 100, stocks: 10 };
export const DEFAULT_SPREAD_PPM: Record<TPairType, number> = { crp: 400, forex: 100, stocks: 500 };
/**
 * Annual swap rates in percent of the amount (negative: the holder pays), as a new pair of each
 * type starts with; an administrator sets each pair's own.
 */
export const DEFAULT_SWAP: Record<TPairType, { swapLong: string; swapShort: string }> = {
  crp: { swapLong: '-10', swapShort: '-5' },
  forex: { swapLong: '-2.5', swapShort: '-0.5' },
  stocks: { swapLong: '-6', swapShort: '-2' },
};
export const AMOUNT_MIN_CENTS = 1_000n;
export const AMOUNT_MAX_CENTS = 10_000_000_000n;

const crypto = (
  base: string,
  price: number,
  precision: number,
  volatility: number,
  volume: number,
): CataloguePair => ({
  symbol: `${base}_USDT`,
  base,
  quote: 'USDT',
  pairType: 'crp',
  pricePrecision: precision,
  referencePrice: price,
  annualVolatility: volatility,
  dailyVolumeUsd: volume,
});
const forex = (
  base: string,
  quote: string,
  price: number,
  precision: number,
  volatility: number,
): CataloguePair => ({
  symbol: `${base}_${quote}`,
  base,
  quote,
  pairType: 'forex',
  pricePrecision: precision,
  referencePrice: price,
  annualVolatility: volatility,
  dailyVolumeUsd: 5e9,
});
const stock = (base: string, price: number, volatility: number, volume: number): CataloguePair => ({
  symbol: `${base}_USD`,
  base,
  quote: 'USD',
  pairType: 'stocks',
  pricePrecision: 2,
  referencePrice: price,
  annualVolatility: volatility,
  dailyVolumeUsd: volume,
});

export const CATALOGUE: readonly CataloguePair[] = [
  crypto('BTC', 65_000, 2, 0.55, 2.5e10),
  crypto('ETH', 3_200, 2, 0.65, 1.2e10),
  crypto('BNB', 580, 2, 0.6, 1.5e9),
  crypto('SOL', 150, 2, 0.85, 2.5e9),
  crypto('XRP', 0.55, 4, 0.8, 1.2e9),
  crypto('ADA', 0.45, 4, 0.85, 4e8),
  crypto('DOGE', 0.12, 4, 0.95, 8e8),
  crypto('TRX', 0.12, 4, 0.6, 3e8),
  crypto('POL', 0.55, 4, 0.95, 2e8),
  crypto('AVAX', 35, 2, 0.9, 4e8),
  crypto('DOT', 7, 4, 0.85, 2e8),
  crypto('LINK', 15, 2, 0.9, 4e8),
  crypto('LTC', 80, 2, 0.7, 4e8),
  crypto('BCH', 450, 2, 0.75, 3e8),
  crypto('ATOM', 9, 4, 0.85, 1.5e8),
  crypto('UNI', 8, 4, 0.95, 1.5e8),
  crypto('XLM', 0.11, 4, 0.75, 1e8),
  crypto('NEAR', 6, 4, 1.0, 2e8),
  crypto('APT', 9, 4, 1.0, 1.5e8),
  crypto('ARB', 1.1, 4, 1.05, 2e8),
  crypto('OP', 2.2, 4, 1.05, 1.5e8),
  crypto('ETC', 25, 2, 0.8, 1.5e8),
  forex('EUR', 'USD', 1.085, 4, 0.07),
  forex('GBP', 'USD', 1.27, 4, 0.08),
  forex('USD', 'JPY', 150.2, 2, 0.09),
  forex('USD', 'CHF', 0.885, 4, 0.07),
  forex('AUD', 'USD', 0.655, 4, 0.1),
  forex('USD', 'CAD', 1.355, 4, 0.06),
  forex('NZD', 'USD', 0.605, 4, 0.1),
  forex('EUR', 'GBP', 0.855, 4, 0.05),
  forex('EUR', 'JPY', 162.9, 2, 0.09),
  forex('GBP', 'JPY', 190.5, 2, 0.1),
  forex('EUR', 'CHF', 0.96, 4, 0.06),
  forex('AUD', 'JPY', 98.3, 2, 0.12),
  stock('AAPL', 190, 0.28, 9e9),
  stock('MSFT', 420, 0.26, 7e9),
  stock('GOOGL', 170, 0.3, 4e9),
  stock('AMZN', 180, 0.32, 6e9),
  stock('NVDA', 120, 0.5, 3e10),
  stock('META', 500, 0.38, 6e9),
  stock('TSLA', 200, 0.55, 2e10),
  stock('NFLX', 620, 0.4, 2e9),
  stock('AMD', 160, 0.5, 5e9),
  stock('JPM', 200, 0.24, 2e9),
  stock('V', 275, 0.2, 1.5e9),
  stock('DIS', 100, 0.3, 1e9),
];

export const CATALOGUE_BY_SYMBOL = new Map(CATALOGUE.map((pair) => [pair.symbol, pair]));

/** The pair key of the price board and `/public/prices`: `CRP:BTC_USDT` for crypto, `forex:EUR_USD` and `stocks:AAPL_USD` otherwise. */
export function pairKey(pairType: TPairType, symbol: string): string {
  return pairType === 'crp' ? `CRP:${symbol}` : `${pairType}:${symbol}`;
}

/** The stream's symbol: bare for crypto, `type:symbol` for the others. */
export function streamSymbol(pairType: TPairType, symbol: string): string {
  return pairType === 'crp' ? symbol : `${pairType}:${symbol}`;
}
