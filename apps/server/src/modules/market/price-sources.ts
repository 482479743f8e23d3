import type { TPriceSource } from '@td/contracts/market';
import type { TPairType } from '@td/contracts/statuses';
import type { TConfig } from '../../config';

/** The configured live feeds: Binance for crypto (`MARKET_FEED`), Finnhub for forex and stocks (its key). */
export type FeedConfig = Pick<TConfig, 'MARKET_FEED'> & { FINNHUB_API_KEY?: string | undefined };

/** Which feed prices a pair: Binance's stream has the crypto pairs, Finnhub's the forex and stocks. */
export function feedOf(config: FeedConfig, pairType: TPairType): 'binance' | 'finnhub' | 'simulator' {
  if (pairType === 'crp') return config.MARKET_FEED === 'binance' ? 'binance' : 'simulator';
  return config.FINNHUB_API_KEY ? 'finnhub' : 'simulator';
}

export function priceSourceOf(config: FeedConfig, pairType: TPairType): TPriceSource {
  return feedOf(config, pairType) === 'simulator' ? 'simulated' : 'live';
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
  config: FeedConfig & Pick<TConfig, 'REAL_TRADING_ON_SIMULATED_PRICES'>,
): PricePolicy {
  const sourceOf = (pairType: TPairType) => priceSourceOf(config, pairType);
  return {
    sourceOf,
    isRealTradable: (pairType) => config.REAL_TRADING_ON_SIMULATED_PRICES || sourceOf(pairType) === 'live',
  };
}

/** A source of prices as `/health` and the back-office report it. */
export interface FeedStatus {
  /** `binance` and `finnhub` for the exchange feeds, `simulator` for the built-in one. */
  feed: 'binance' | 'finnhub' | 'simulator';
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
  config: FeedConfig,
  options: { maxAgeMs: number; isOpen: (pairType: TPairType) => boolean; nowMs?: number },
): FeedStatus[] {
  const nowMs = options.nowMs ?? Date.now();
  const feeds = new Map<FeedStatus['feed'], { pairs: number; newestMs: number | null }>();
  for (const tick of ticks) {
    const feed = feedOf(config, tick.pairType);
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
