import { DEFAULT_INTERVAL, type TChartInterval } from '@td/contracts/constants';
import { ZChartInterval } from '@td/contracts/enums';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parsePairSymbol } from '../../../domain/market/pair-filters';

/**
 * The Trade tab's pair and chart interval live in the URL (`?pair=ETH_USDT&interval=15`), as on
 * the Dashboard, so a reload keeps them and a link can open a pair's ticket. Switching replaces
 * the history entry.
 */
export function useTradeSelection() {
  const [searchParams, setSearchParams] = useSearchParams();
  const symbol = parsePairSymbol(searchParams.get('pair'));
  const parsedInterval = ZChartInterval.safeParse(searchParams.get('interval'));
  const interval = parsedInterval.success ? parsedInterval.data : DEFAULT_INTERVAL;

  const update = useCallback(
    (key: 'pair' | 'interval', value: string) => {
      setSearchParams(
        (params) => {
          const updated = new URLSearchParams(params);
          updated.set(key, value);
          return updated;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return {
    symbol,
    interval,
    selectPair: useCallback((pair: string) => update('pair', pair), [update]),
    selectInterval: useCallback((next: TChartInterval) => update('interval', next), [update]),
  };
}
