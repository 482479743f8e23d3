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

/** A source of prices as `/health` and the back-office report it. */
export interface FeedStatus {
  /** `binance` for the exchange feed, `simulator` for the built-in one. */
  feed: 'binance' | 'simulator';
  pairs: number;
  /** Milliseconds since the newest price of its pairs; null before the first. */
  lastMessageAgeMs: number | null;
  /** `live` within `trading.maxQuoteAgeMs`, `delayed` past it, `waiting` before any price. */
  state: 'live' | 'delayed' | 'waiting';
}

/**
 * Each price source's state, read off the prices every process holds (so any process answers,
 * whichever runs the feed): its pairs that are open now, and how old their newest price is.
 */
export function feedStatuses(
  ticks: Iterable<{ pairType: TPairType; tMs: number }>,
  config: Pick<TConfig, 'MARKET_FEED'>,
  options: { maxAgeMs: number; isOpen: (pairType: TPairType) => boolean; nowMs?: number },
): FeedStatus[] {
  const nowMs = options.nowMs ?? Date.now();
  const feeds = new Map<FeedStatus['feed'], { pairs: number; newestMs: number | null }>();
  for (const tick of ticks) {
    const feed = priceSourceOf(config.MARKET_FEED, tick.pairType) === 'live' ? 'binance' : 'simulator';
    const entry = feeds.get(feed) ?? { pairs: 0, newestMs: null };
    entry.pairs += 1;
    // A closed market sends nothing: its age says nothing about the feed.
    if (options.isOpen(tick.pairType)) entry.newestMs = Math.max(entry.newestMs ?? 0, tick.tMs);
    feeds.set(feed, entry);
  }
  if (config.MARKET_FEED === 'binance' && !feeds.has('binance'))
    feeds.set('binance', { pairs: 0, newestMs: null });
  return [...feeds].map(([feed, { pairs, newestMs }]) => {
    const lastMessageAgeMs = newestMs === null ? null : Math.max(0, nowMs - newestMs);
    const state =
      lastMessageAgeMs === null ? 'waiting' : lastMessageAgeMs > options.maxAgeMs ? 'delayed' : 'live';
    return { feed, pairs, lastMessageAgeMs, state };
  });
}
