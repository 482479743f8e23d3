import type { TCandle } from '@td/contracts/market';

// Pure list operations on candles (oldest first, `t` in Unix ms) for the chart: merging a page of
// older history into what is loaded, and folding a live candle into the end.

/**
 * One list, oldest first, without duplicate times. Where both lists hold a time, `newer` wins: it
 * was fetched later, so it is the fresher view of that candle.
 */
export function mergeCandles(older: readonly TCandle[], newer: readonly TCandle[]): TCandle[] {
  const byTime = new Map<number, TCandle>();
  for (const candle of older) byTime.set(candle.t, candle);
  for (const candle of newer) byTime.set(candle.t, candle);
  return [...byTime.values()].sort((a, b) => a.t - b.t);
}

export type TLiveCandleAction = 'append' | 'replace' | 'ignore';

/**
 * Where a live candle goes: a candle of the last time replaces it, a later one is appended, an
 * earlier one (a late message for a candle the list already moved past) is ignored: the chart can
 * only update its last bar or add a new one.
 */
export function liveCandleAction(candles: readonly TCandle[], live: TCandle): TLiveCandleAction {
  const last = candles.at(-1);
  if (!last || live.t > last.t) return 'append';
  return live.t === last.t ? 'replace' : 'ignore';
}

/** Applies a live candle to the list in place; returns what it did. */
export function applyLiveCandle(candles: TCandle[], live: TCandle): TLiveCandleAction {
  const action = liveCandleAction(candles, live);
  if (action === 'append') candles.push(live);
  else if (action === 'replace') candles[candles.length - 1] = live;
  return action;
}
