import { DEFAULT_PAIR, type TPairFilter } from '@td/contracts/constants';
import { ZPairFilter } from '@td/contracts/enums';
import type { TPair, TPriceSnapshot, TPrices } from '@td/contracts/market';
import { compareDecimal, displayPair } from '../../lib/format-market';
import { pairTypeText } from '../../lib/labels';

// Filtering, searching and sorting the pair list on the client: the list is small (tens of pairs),
// so one GET /pairs serves every filter and a click on a tab never waits for the network.

/** A filter from the URL, or 'all' when it is missing or unknown. */
export function parsePairFilter(value: string | null | undefined): TPairFilter {
  const parsed = ZPairFilter.safeParse(value);
  return parsed.success ? parsed.data : 'all';
}

export function matchesPairFilter(pair: TPair, filter: TPairFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'crypto':
      return pair.pairType === 'crp';
    case 'stock':
      return pair.pairType === 'stocks';
    case 'forex':
      return pair.pairType === 'forex';
    case 'favorites':
      return pair.favorite;
  }
}

/**
 * What a search matches: the symbol ('BTC_USDT'), the pair as shown ('BTC/USD', 'BTCUSD') and the
 * type in the language shown.
 */
function searchTextOf(pair: TPair): string {
  const shown = displayPair(pair.base, pair.quote);
  return [
    pair.symbol,
    shown,
    shown.replace('/', ''),
    `${pair.base}${pair.quote}`,
    pairTypeText(pair.pairType),
  ]
    .join(' ')
    .toLowerCase();
}

export function matchesSearch(pair: TPair, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = searchTextOf(pair);
  return words.every((word) => text.includes(word));
}

export type TPairSortKey = 'name' | 'price' | 'change';
export type TSortDirection = 'asc' | 'desc';

export interface TPairSort {
  key: TPairSortKey;
  direction: TSortDirection;
}

/** The first click on a column: names A→Z, prices and changes biggest first (as brokers list them). */
export const FIRST_SORT_DIRECTION = {
  name: 'asc',
  price: 'desc',
  change: 'desc',
} as const satisfies Record<TPairSortKey, TSortDirection>;

/** The sort after a click on a column header: that column, or the other direction if it already was. */
export function nextSort(current: TPairSort | null, key: TPairSortKey): TPairSort {
  if (current?.key !== key) return { key, direction: FIRST_SORT_DIRECTION[key] };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

function compareBy(key: TPairSortKey, a: TPair, b: TPair, prices: TPrices | undefined): number {
  const priceOf = (pair: TPair): TPriceSnapshot | undefined => prices?.[pair.key];
  switch (key) {
    case 'name':
      return displayPair(a.base, a.quote).localeCompare(displayPair(b.base, b.quote), 'en');
    case 'price':
      return compareDecimal(priceOf(a)?.price, priceOf(b)?.price);
    case 'change':
      return compareDecimal(priceOf(a)?.change24h, priceOf(b)?.change24h);
  }
}

/**
 * The pairs to show: those of the filter that match the search, sorted when a sort is chosen
 * (otherwise in the server's order, most traded first). Pairs without a price sort last either way.
 */
export function selectPairs(
  pairs: readonly TPair[],
  options: { filter: TPairFilter; query: string; sort: TPairSort | null; prices: TPrices | undefined },
): TPair[] {
  const { filter, query, sort, prices } = options;
  const rows = pairs.filter((pair) => matchesPairFilter(pair, filter) && matchesSearch(pair, query));
  if (!sort) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  const hasPrice = (pair: TPair) => sort.key === 'name' || prices?.[pair.key] !== undefined;
  return rows
    .map((pair, index) => ({ pair, index }))
    .sort((a, b) => {
      const missing = Number(!hasPrice(a.pair)) - Number(!hasPrice(b.pair));
      if (missing !== 0) return missing;
      return sign * compareBy(sort.key, a.pair, b.pair, prices) || a.index - b.index;
    })
    .map(({ pair }) => pair);
}

/** The pair symbol from the URL ('btc_usdt' → 'BTC_USDT'), or the default pair. */
export function parsePairSymbol(value: string | null | undefined): string {
  const symbol = value?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9]{1,12}_[A-Z0-9]{1,12}$/.test(symbol) ? symbol : DEFAULT_PAIR;
}

/** How closely a pair answers a search: 0 the pair itself, 1 its base begins so, 2 a match elsewhere. */
function searchRank(pair: TPair, query: string): number {
  const compact = query
    .trim()
    .toLowerCase()
    .replace(/[\s/_-]+/g, '');
  const base = pair.base.toLowerCase();
  const shown = displayPair(pair.base, pair.quote).replace('/', '').toLowerCase();
  if (compact === base || compact === shown || compact === pair.symbol.replace('_', '').toLowerCase())
    return 0;
  return base.startsWith(compact) ? 1 : 2;
}

/**
 * The pairs a pair picker lists: those of the tab that match the search, the closest first (the
 * pair typed in full, then those whose base begins with it), otherwise in the server's order.
 */
export function pickerPairs(
  pairs: readonly TPair[],
  options: { filter: TPairFilter; query: string },
): TPair[] {
  const { filter, query } = options;
  const rows = pairs.filter((pair) => matchesPairFilter(pair, filter) && matchesSearch(pair, query));
  if (query.trim() === '') return rows;
  return rows
    .map((pair, index) => ({ pair, index, rank: searchRank(pair, query) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ pair }) => pair);
}
