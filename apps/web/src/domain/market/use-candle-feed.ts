import { INTERVAL_MS, type TChartInterval } from '@td/contracts/constants';
import type { TCandle } from '@td/contracts/market';
import type { TPairType } from '@td/contracts/statuses';
import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribeKline } from '../../lib/socket';
import { useStreamStatus } from '../../lib/stream-status';
import { applyLiveCandle, mergeCandles } from './candles';
import { getKlines, KLINES_PAGE_SIZE, useKlines } from './get-klines';
import { streamSymbol } from './pair-symbols';

/**
 * The longest gap in trading to step over when a page of history comes back empty (a long weekend
 * of a closed market): past it, history has ended. The server looks back twice a page's span.
 */
const HISTORY_GAP_MAX_MS = 4 * 24 * 3600 * 1000;
/** After a failed history page, asking for older candles again waits at least this long. */
const OLDER_RETRY_MS = 5000;
/** Live candles that arrive before the first page are kept (only the latest few matter). */
const PENDING_LIVE_MAX = 16;

/** What changed in a feed's candles: all of them (a page merged, a new series), or the last one live. */
export type TCandleChange =
  | { kind: 'reset' }
  | { kind: 'page'; isFirstPage: boolean }
  | { kind: 'live'; candle: TCandle };

/** What a feed holds for one pair and interval; replaced (not mutated) when either changes. */
interface TSeriesState {
  key: string;
  /** Every candle known, oldest first. */
  candles: TCandle[];
  hasFirstPage: boolean;
  /** Live candles that came before the first page. */
  pendingLive: TCandle[];
  hasMoreHistory: boolean;
  isLoadingOlder: boolean;
  retryOlderAfterMs: number;
}

const newSeriesState = (key: string): TSeriesState => ({
  key,
  candles: [],
  hasFirstPage: false,
  pendingLive: [],
  hasMoreHistory: true,
  isLoadingOlder: false,
  retryOlderAfterMs: 0,
});

/**
 * A pair's candles for a chart: the latest page of /public/klines, older pages on request, and
 * the live candle from the stream; after a dropped connection the latest page is fetched again.
 * A chart reads `candles()` and follows `subscribe` (a change per page, one per live candle), so
 * a live update never replaces what is drawn.
 */
export function useCandleFeed(symbol: string, pairType: TPairType, interval: TChartInterval) {
  const key = `${symbol}|${interval}`;
  const query = useKlines(symbol, interval);
  const streamStatus = useStreamStatus();
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const stateRef = useRef<TSeriesState>(newSeriesState(key));
  const listenersRef = useRef(new Set<(change: TCandleChange) => void>());
  const emit = useCallback((change: TCandleChange) => {
    for (const listener of listenersRef.current) listener(change);
  }, []);

  // Another pair or interval: start from no candles.
  useEffect(() => {
    stateRef.current = newSeriesState(key);
    setIsLoadingOlder(false);
    emit({ kind: 'reset' });
  }, [key, emit]);

  // The latest page (first load, or a retry): merged with the history already loaded.
  useEffect(() => {
    const state = stateRef.current;
    if (!query.data || state.key !== key) return;
    const isFirstPage = !state.hasFirstPage;
    state.candles = mergeCandles(state.candles, query.data);
    state.hasFirstPage = true;
    emit({ kind: 'page', isFirstPage });
    for (const candle of state.pendingLive.splice(0)) {
      if (applyLiveCandle(state.candles, candle) !== 'ignore') emit({ kind: 'live', candle });
    }
  }, [query.data, key, emit]);

  // Live candles from the stream.
  useEffect(() => {
    return subscribeKline(streamSymbol(pairType, symbol), interval, (event) => {
      const state = stateRef.current;
      if (state.key !== key) return;
      if (!state.hasFirstPage) {
        state.pendingLive.push(event.candle);
        if (state.pendingLive.length > PENDING_LIVE_MAX) state.pendingLive.shift();
        return;
      }
      if (applyLiveCandle(state.candles, event.candle) !== 'ignore')
        emit({ kind: 'live', candle: event.candle });
    });
  }, [key, pairType, symbol, interval, emit]);

  // Back from a dropped connection: candles may have closed meanwhile, so fetch the latest page
  // again (it is merged into what is held); the first connection needs no such catch-up.
  const previousStatusRef = useRef(streamStatus);
  const { refetch } = query;
  useEffect(() => {
    const previous = previousStatusRef.current;
    previousStatusRef.current = streamStatus;
    if (streamStatus === 'connected' && previous === 'reconnecting') void refetch();
  }, [streamStatus, refetch]);

  /** A page before the oldest candle; an empty one may be a closed market, so it steps past it. */
  const loadOlder = useCallback(async () => {
    const state = stateRef.current;
    const oldest = state.candles[0];
    if (!oldest || !state.hasFirstPage || state.isLoadingOlder || !state.hasMoreHistory) return;
    if (Date.now() < state.retryOlderAfterMs) return;
    state.isLoadingOlder = true;
    setIsLoadingOlder(true);
    try {
      const windowMs = 2 * KLINES_PAGE_SIZE * INTERVAL_MS[interval];
      const emptyPagesMax = Math.max(1, Math.ceil(HISTORY_GAP_MAX_MS / windowMs));
      let toMs = oldest.t;
      let page: TCandle[] = [];
      for (let empty = 0; page.length === 0 && empty < emptyPagesMax && toMs > 0; empty += 1) {
        page = (await getKlines({ symbol, interval, toMs })).data;
        toMs -= windowMs;
      }
      if (stateRef.current !== state) return;
      if (page.length === 0) {
        state.hasMoreHistory = false;
        return;
      }
      state.candles = mergeCandles(page, state.candles);
      emit({ kind: 'page', isFirstPage: false });
    } catch {
      state.retryOlderAfterMs = Date.now() + OLDER_RETRY_MS;
    } finally {
      state.isLoadingOlder = false;
      if (stateRef.current === state) setIsLoadingOlder(false);
    }
  }, [symbol, interval, emit]);

  const subscribe = useCallback((listener: (change: TCandleChange) => void) => {
    listenersRef.current.add(listener);
    return () => {
      listenersRef.current.delete(listener);
    };
  }, []);

  return {
    key,
    interval,
    /** Every candle held, oldest first. */
    candles: () => stateRef.current.candles,
    subscribe,
    loadOlder,
    isPending: query.isPending,
    isError: query.isError && !query.data,
    isEmpty: query.data !== undefined && query.data.length === 0,
    isRetrying: query.isFetching,
    retry: () => void query.refetch(),
    isLoadingOlder,
    isConnecting: streamStatus !== 'connected',
  };
}
export type TCandleFeed = ReturnType<typeof useCandleFeed>;
