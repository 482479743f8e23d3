// The live quote of a pair as the user trades on it (stream ticker or polled price, whichever is
// newer, widened by the group's markup), whether that price is delayed, and stream subscriptions
// for the pairs of open positions.
import type { TPair } from '@td/contracts/market';
import { useEffect, useRef, useState } from 'react';
import { useLiveTicker, useLiveTickers } from '../../lib/live-tickers';
import { useSettings } from '../../lib/settings';
import { subscribeKline } from '../../lib/socket';
import { usePrices } from '../market/get-prices';
import { newerPrice } from '../market/live-price';
import { streamSymbol } from '../market/pair-symbols';
import { groupQuote, useTradingTerms } from './trading-terms';

export interface TLiveQuote {
  price: string;
  bid: string;
  ask: string;
  /** Time of the tick, Unix ms. */
  ts: number;
}

/** The stream's candles of this interval carry the ticker too; the chart's default, so shared. */
const TICKER_INTERVAL = '60';

/**
 * The latest bid and ask of a pair as the user trades on it (widened by their client group's
 * spread markup): the stream's ticker while the pair is subscribed, else the price polled every
 * 5 s; whichever is newer wins.
 */
export function useLiveQuote(
  pair: Pick<TPair, 'key' | 'pairType' | 'pricePrecision'> | undefined,
): TLiveQuote | undefined {
  const ticker = useLiveTicker(pair?.key);
  const snapshot = usePrices().data?.[pair?.key ?? ''];
  const terms = useTradingTerms();
  const latest = newerPrice(ticker, snapshot);
  return latest && pair ? groupQuote(latest, pair, terms) : latest;
}

/**
 * useLiveQuote for many pairs at once (a total over positions on several pairs): the same quote
 * each row shows, by pair key.
 */
export function useLiveQuotes(
  pairs: readonly Pick<TPair, 'key' | 'pairType' | 'pricePrecision'>[],
): ReadonlyMap<string, TLiveQuote> {
  const tickers = useLiveTickers(pairs.map((pair) => pair.key));
  const snapshots = usePrices().data;
  const terms = useTradingTerms();
  const quotes = new Map<string, TLiveQuote>();
  for (const pair of pairs) {
    const latest = newerPrice(tickers.get(pair.key), snapshots?.[pair.key]);
    if (latest) quotes.set(pair.key, groupQuote(latest, pair, terms));
  }
  return quotes;
}

/** How often a quiet price is looked at again. */
const DELAY_CHECK_MS = 1000;

/**
 * Whether a pair's price is delayed: it has not moved on for longer than `trading.maxQuoteAgeMs`
 * while its market is open (the server then refuses market orders on it). Measured on this
 * device's clock from when the price last changed, so a clock set wrong does not matter.
 */
export function useIsDelayed(quote: TLiveQuote | undefined, isMarketOpen: boolean): boolean {
  const { maxQuoteAgeMs } = useSettings('trading');
  const seen = useRef<{ ts: number; atMs: number } | undefined>(undefined);
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNowMs(Date.now()), DELAY_CHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
  if (!quote || !isMarketOpen) return false;
  if (seen.current?.ts !== quote.ts) seen.current = { ts: quote.ts, atMs: Date.now() };
  return nowMs - seen.current.atMs > maxQuoteAgeMs;
}

/**
 * Subscribes the stream to the pairs of open positions, so their tickers (and so their PnL) move
 * live rather than every 5 s. Reference-counted in lib/socket.ts: the chart's own subscription of
 * the same pair is shared.
 */
export function useTickerSubscriptions(pairs: readonly Pick<TPair, 'pairType' | 'symbol'>[]): void {
  const symbols = [...new Set(pairs.map((pair) => streamSymbol(pair.pairType, pair.symbol)))]
    .sort()
    .join(',');
  useEffect(() => {
    if (!symbols) return;
    const unsubscribes = symbols
      .split(',')
      .map((symbol) => subscribeKline(symbol, TICKER_INTERVAL, () => {}));
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [symbols]);
}
