// The trading terms of the user's client group (spread markup, leverage caps, opening fee) and how
// the web applies them: the one place quotes are widened by the markup, by the server's own rule.
import { formatScaled, parseScaled } from '@td/contracts/decimal';
import {
  ASSET_CLASS_OF,
  leverageCap,
  markupQuote,
  type TTradingTerms,
  ZTradingTerms,
} from '@td/contracts/group-terms';
import type { TPair } from '@td/contracts/market';
import { useProfileSetting } from '../../lib/profile-setting';

export const TRADING_TERMS_QUERY_KEY = ['profile', 'trading-terms'] as const;

/**
 * GET /profile/trading-terms: the spread markup, leverage caps and opening fee of the user's client
 * group. Undefined while it loads (the pair's own prices and caps until then). Silent.
 */
export function useTradingTerms(): TTradingTerms | undefined {
  return useProfileSetting(TRADING_TERMS_QUERY_KEY, ZTradingTerms, 60_000);
}

/** A markup of "25.00" percent in hundredths of a percent, as the pricing rule takes it. */
const markupBpOf = (terms: TTradingTerms | undefined, pair: Pick<TPair, 'pairType'>) =>
  terms ? parseScaled(terms.spreadMarkup[ASSET_CLASS_OF[pair.pairType]], 2) : 0n;

/**
 * A quote as the user trades on it: the pair's bid and ask widened by their group's markup, by the
 * same rule the server prices their orders with. The one place the web applies the markup.
 */
export function groupQuote<Q extends { bid: string; ask: string }>(
  quote: Q,
  pair: Pick<TPair, 'pairType' | 'pricePrecision'>,
  terms: TTradingTerms | undefined,
): Q {
  const bp = markupBpOf(terms, pair);
  const precision = pair.pricePrecision;
  const isPrice = (text: string) => /^\d+(\.\d+)?$/.test(text);
  if (bp === 0n || !isPrice(quote.bid) || !isPrice(quote.ask)) return quote;
  const seen = markupQuote(
    { bid: parseScaled(quote.bid, precision, 'half-up'), ask: parseScaled(quote.ask, precision, 'half-up') },
    bp,
  );
  return { ...quote, bid: formatScaled(seen.bid, precision), ask: formatScaled(seen.ask, precision) };
}

/** The highest leverage the user may take on a pair: their group's cap for its class within the pair's. */
export function groupMaxLeverage(
  pair: Pick<TPair, 'pairType' | 'maxLeverage'>,
  terms: TTradingTerms | undefined,
): number {
  const groupMax = terms?.maxLeverage[ASSET_CLASS_OF[pair.pairType]] ?? pair.maxLeverage;
  return leverageCap(groupMax, pair.maxLeverage);
}
