import { DEFAULT_PAIR } from '@td/contracts/constants';
import { type ReactNode, useRef } from 'react';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { HoldUntilKnown } from '../../../components/hold-until-known';
import { IconAlertTriangle } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { usePairs } from '../../../domain/market/get-pairs';
import { usePrices } from '../../../domain/market/get-prices';
import { useT } from '../../../lib/i18n';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useChartSelection } from '../hooks/use-chart-selection';
import { ChartPanel, ChartPanelSkeleton } from './chart-panel';
import styles from './home-screen.module.css';
import { Watchlist } from './watchlist';
import { useIsWelcomeKnown, WelcomeCard } from './welcome-card';

/**
 * The dashboard: the chart of the chosen pair (from `?pair=&interval=`) beside a watchlist of every
 * pair with live prices. A pair in the URL that does not trade falls back to the default pair.
 */
export function HomeScreen() {
  const t = useT();
  const { symbol, interval, selectPair, selectInterval } = useChartSelection();
  const pairsQuery = usePairs();
  const pricesQuery = usePrices();
  const isMobile = useIsMobile();
  const chartRef = useRef<HTMLDivElement>(null);
  const isWelcomeKnown = useIsWelcomeKnown();

  const pairs = pairsQuery.data;
  const pair =
    pairs?.find((candidate) => candidate.symbol === symbol) ??
    pairs?.find((candidate) => candidate.symbol === DEFAULT_PAIR) ??
    pairs?.[0];
  const prices = pricesQuery.data;

  const onSelect = (next: string) => {
    selectPair(next);
    // On a phone the list sits under the chart: bring the chart into view.
    if (isMobile) chartRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  // Prices are polled silently: when a poll fails the last prices stay, and the header says so.
  const isPriceStale = pricesQuery.isError && prices !== undefined;

  let chart: ReactNode;
  if (pairsQuery.isError && !pairs) {
    chart = (
      <ChartPanelSkeleton>
        <LoadError title={t('home.chart.loadError')} onRetry={() => void pairsQuery.refetch()} />
      </ChartPanelSkeleton>
    );
  } else if (!pair) {
    chart = pairs ? (
      <ChartPanelSkeleton>
        <EmptyState icon={<IconAlertTriangle size={24} />} title={t('home.chart.noPairs')} />
      </ChartPanelSkeleton>
    ) : (
      <ChartPanelSkeleton />
    );
  } else {
    chart = (
      <ChartPanel
        pair={pair}
        snapshot={prices?.[pair.key]}
        interval={interval}
        onIntervalChange={selectInterval}
      />
    );
  }

  return (
    <HoldUntilKnown isKnown={isWelcomeKnown}>
      <PageHeader
        title={t('home.title')}
        description={t('home.description')}
        actions={
          isPriceStale ? (
            <span className={styles.stale} role="status">
              {t('home.pricesStale')}
            </span>
          ) : null
        }
      />
      <WelcomeCard />
      <div className={styles.layout}>
        <div ref={chartRef} className={styles.chartColumn}>
          {chart}
        </div>
        <Watchlist
          pairs={pairs}
          prices={prices}
          isLoading={pairsQuery.isPending}
          isError={pairsQuery.isError}
          onRetry={() => void pairsQuery.refetch()}
          selectedSymbol={pair?.symbol ?? symbol}
          onSelect={onSelect}
        />
      </div>
    </HoldUntilKnown>
  );
}
