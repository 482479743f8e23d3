import { type TTickerEvent, ZTickerEvent } from '@td/contracts/market';
import { useSyncExternalStore } from 'react';
import { onParsedEvent } from './stream-events';

// The latest ticker of each pair the stream (lib/socket.ts) sends, while its candles are
// subscribed, read by the screens through useLiveTicker() and useLiveTickers().

const latestTickers = new Map<string, TTickerEvent>();
const tickerListeners = new Set<() => void>();
/** Counts the tickers' changes: a snapshot of every pair at once for React. */
let tickerVersion = 0;

function notifyTickerListeners(): void {
  tickerVersion += 1;
  for (const listener of tickerListeners) listener();
}

/** Keeps an incoming `ticker` event as its pair's latest. */
export const dispatchTicker = onParsedEvent(ZTickerEvent, 'ticker', (ticker) => {
  latestTickers.set(ticker.key, ticker);
  notifyTickerListeners();
});

/** Forgets every ticker: the stream was closed. */
export function clearTickers(): void {
  latestTickers.clear();
  notifyTickerListeners();
}

function subscribeToTickerChanges(listener: () => void): () => void {
  tickerListeners.add(listener);
  return () => tickerListeners.delete(listener);
}

/** The latest ticker of a pair key ('CRP:BTC_USDT'), while its candles are subscribed. */
export function useLiveTicker(key: string | undefined): TTickerEvent | undefined {
  return useSyncExternalStore(
    subscribeToTickerChanges,
    () => (key ? latestTickers.get(key) : undefined),
    () => undefined,
  );
}

/** The latest tickers of these pair keys (those subscribed), read again as any ticker moves. */
export function useLiveTickers(keys: readonly string[]): ReadonlyMap<string, TTickerEvent> {
  useSyncExternalStore(
    subscribeToTickerChanges,
    () => tickerVersion,
    () => 0,
  );
  const found = new Map<string, TTickerEvent>();
  for (const key of keys) {
    const ticker = latestTickers.get(key);
    if (ticker) found.set(key, ticker);
  }
  return found;
}
