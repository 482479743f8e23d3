import type { TPairType } from '@td/contracts/statuses';

/**
 * The symbol the stream knows a pair by: the bare symbol for crypto ('BTC_USDT'), the
 * type in front for the others ('forex:EUR_USD', 'stocks:AAPL_USD').
 */
export function streamSymbol(pairType: TPairType, symbol: string): string {
  return pairType === 'crp' ? symbol : `${pairType}:${symbol}`;
}

/**
 * The key of a pair in `/public/prices` and `/public/lineshot`: 'CRP:BTC_USDT' for crypto
 * (type upper-cased), 'forex:EUR_USD' for the others. `/pairs` sends it as `key` too.
 */
export function priceKey(pairType: TPairType, symbol: string): string {
  return pairType === 'crp' ? `CRP:${symbol}` : `${pairType}:${symbol}`;
}
