// The pair and interval the dashboard's chart shows, kept in the address (`?pair=&interval=`) so a
// link from the Market tab opens that chart and a reload keeps it; a switch replaces the history
// entry. The Trade tab keeps its own in `use-trade-selection`.
import { DEFAULT_INTERVAL, type TChartInterval } from '@td/contracts/constants';
import { ZChartInterval } from '@td/contracts/enums';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parsePairSymbol } from '../../../domain/market/pair-filters';

export interface TChartSelection {
  /** The pair symbol from `?pair=` ('BTC_USDT' when missing or malformed). */
  symbol: string;
  /** The interval from `?interval=` (60 when missing or unknown). */
  interval: TChartInterval;
  selectPair: (symbol: string) => void;
  selectInterval: (interval: TChartInterval) => void;
}

/**
 * The chart's pair and interval live in the URL (`?pair=ETH_USDT&interval=15`), so a link from the
 * Market tab opens that chart, a reload keeps it and the address can be shared. Switching replaces
 * the history entry: Back leaves the dashboard rather than stepping through every click.
 */
export function useChartSelection(): TChartSelection {
  const [searchParams, setSearchParams] = useSearchParams();
  const symbol = parsePairSymbol(searchParams.get('pair'));
  const parsedInterval = ZChartInterval.safeParse(searchParams.get('interval'));
  const interval = parsedInterval.success ? parsedInterval.data : DEFAULT_INTERVAL;

  const update = useCallback(
    (next: { pair: string; interval: TChartInterval }) => {
      setSearchParams(
        (params) => {
          const updated = new URLSearchParams(params);
          updated.set('pair', next.pair);
          updated.set('interval', next.interval);
          return updated;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const selectPair = useCallback((pair: string) => update({ pair, interval }), [update, interval]);
  const selectInterval = useCallback(
    (nextInterval: TChartInterval) => update({ pair: symbol, interval: nextInterval }),
    [update, symbol],
  );

  return { symbol, interval, selectPair, selectInterval };
}
