// The dashboard's chart of the selected pair: name, market state, last price (the stream's or
// the polled one, whichever is newer), the 24-hour figures, interval, indicators and candles;
// with a placeholder of the same shape while the pairs load.
import type { TChartInterval } from '@td/contracts/constants';
import type { TPair, TPriceSnapshot } from '@td/contracts/market';
import { type ReactNode, useId } from 'react';
import { Badge } from '../../../components/badge';
import { IntervalSwitcher } from '../../../components/interval-switcher';
import { IconClock } from '../../../components/market-icons';
import { PriceChange } from '../../../components/price-change';
import { Skeleton } from '../../../components/skeleton';
import { CandleChart } from '../../../domain/market/components/candle-chart';
import { CandleChartSkeleton } from '../../../domain/market/components/candle-chart-skeleton';
import { IndicatorsButton } from '../../../domain/market/components/indicators-button';
import { newerPrice } from '../../../domain/market/live-price';
import { useCandleFeed } from '../../../domain/market/use-candle-feed';
import { displayPair, formatPrice, formatVolume } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { pairTypeText } from '../../../lib/labels';
import { useLiveTicker } from '../../../lib/live-tickers';
import styles from './chart-panel.module.css';

interface TChartPanelProps {
  pair: TPair;
  snapshot: TPriceSnapshot | undefined;
  interval: TChartInterval;
  onIntervalChange: (interval: TChartInterval) => void;
}

function Stat({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={[styles.stat, className].filter(Boolean).join(' ')}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={`${styles.statValue} tabular`}>{children}</dd>
    </div>
  );
}

/**
 * The chart of the selected pair: its name, market state, last price (live from the stream when
 * it runs, else the polled price), the 24-hour figures, the interval switcher and the candles.
 */
export function ChartPanel({ pair, snapshot, interval, onIntervalChange }: TChartPanelProps) {
  const t = useT();
  // The stream's ticker is newer than the 5-second poll while it runs; whichever is later wins
  // (the watchlist's row of this pair reads the same).
  const latest = newerPrice(useLiveTicker(pair.key), snapshot);
  const lastPrice = latest?.price;
  const change = latest?.change24h;
  const label = displayPair(pair.base, pair.quote);
  const titleId = useId();
  const feed = useCandleFeed(pair.symbol, pair.pairType, interval);

  return (
    <section className={styles.panel} aria-labelledby={titleId} data-symbol={pair.symbol}>
      <header className={styles.header}>
        <div className={styles.identity}>
          <div className={styles.titleRow}>
            <h2 id={titleId} className={styles.pairName}>
              {label}
            </h2>
            <Badge>{pairTypeText(pair.pairType)}</Badge>
            {pair.marketOpen ? null : (
              <Badge tone="warning" icon={<IconClock size={12} />} className={styles.closedBadge}>
                {t('home.chart.marketClosed')}
              </Badge>
            )}
          </div>
          <div className={styles.priceRow}>
            <span className={`${styles.price} tabular`} data-testid="chart-last-price" data-price={lastPrice}>
              {lastPrice === undefined ? (
                <Skeleton width={140} height={24} />
              ) : (
                formatPrice(lastPrice, pair.pricePrecision)
              )}
            </span>
            <PriceChange value={change} variant="pill" />
          </div>
        </div>
        <dl className={styles.stats}>
          <Stat label={t('home.chart.change24h')} className={styles.changeStat}>
            <PriceChange value={change} />
          </Stat>
          <Stat label={t('home.chart.high24h')}>{formatPrice(snapshot?.high24h, pair.pricePrecision)}</Stat>
          <Stat label={t('home.chart.low24h')}>{formatPrice(snapshot?.low24h, pair.pricePrecision)}</Stat>
          <Stat label={t('home.chart.volume24h')}>{formatVolume(snapshot?.volume24h)}</Stat>
        </dl>
      </header>
      <div className={styles.toolbar}>
        <IntervalSwitcher interval={interval} onChange={onIntervalChange} />
        <IndicatorsButton />
      </div>
      <div className={styles.chart}>
        <CandleChart feed={feed} interval={interval} pricePrecision={pair.pricePrecision} pairLabel={label} />
      </div>
    </section>
  );
}

/** The panel's shape while the pairs load: same heights, so nothing jumps when they arrive. */
export function ChartPanelSkeleton({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <section className={styles.panel} aria-busy="true" aria-label={t('home.chart.label')}>
      <header className={styles.header}>
        <div className={styles.identity}>
          <div className={styles.titleRow}>
            <Skeleton width={96} height={20} />
            <Skeleton width={56} height={20} shape="block" />
          </div>
          <div className={styles.priceRow}>
            <Skeleton width={160} height={28} />
          </div>
        </div>
        <div className={styles.stats}>
          {['change', 'high', 'low', 'volume'].map((stat) => (
            <div key={stat} className={styles.stat}>
              <Skeleton width={56} height={10} />
              <Skeleton width={72} height={14} />
            </div>
          ))}
        </div>
      </header>
      <div className={styles.toolbar}>
        <Skeleton width={280} height={24} shape="block" />
      </div>
      <div className={`${styles.chart} ${styles.chartPlaceholder}`}>
        {children ?? <CandleChartSkeleton />}
      </div>
    </section>
  );
}
