// The Trade tab's chart panel: the pair picker, its live price and 24-hour change, badges for a
// closed market, delayed prices or a demo-only pair, the interval and indicators, and the live
// candles with the account's positions and pending orders drawn as lines that can be dragged.
import type { TChartInterval } from '@td/contracts/constants';
import type { TPair } from '@td/contracts/market';
import { PAIR_CODE } from '@td/contracts/statuses';
import type { TOrder } from '@td/contracts/trading';
import { Badge } from '../../../components/badge';
import { LoadError } from '../../../components/empty-state';
import { IconInfo } from '../../../components/icons';
import { IntervalSwitcher } from '../../../components/interval-switcher';
import { IconClock } from '../../../components/market-icons';
import { PriceChange } from '../../../components/price-change';
import { Skeleton } from '../../../components/skeleton';
import { CandleChart } from '../../../domain/market/components/candle-chart';
import { CandleChartSkeleton } from '../../../domain/market/components/candle-chart-skeleton';
import { IndicatorsButton } from '../../../domain/market/components/indicators-button';
import { usePrices } from '../../../domain/market/get-prices';
import { useCandleFeed } from '../../../domain/market/use-candle-feed';
import { useActiveAccount } from '../../../domain/trading/account-store';
import { positionPriceLines } from '../../../domain/trading/position-lines';
import { useIsDelayed, useLiveQuote } from '../../../domain/trading/use-live-quote';
import { displayPair, formatPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { useLiveTicker } from '../../../lib/live-tickers';
import { useChartTrading } from './chart-trading';
import { PairPicker } from './pair-picker';
import styles from './trade-chart.module.css';

interface TTradeChartProps {
  pairs: readonly TPair[] | undefined;
  pair: TPair | undefined;
  interval: TChartInterval;
  onPairChange: (symbol: string) => void;
  onIntervalChange: (interval: TChartInterval) => void;
  /** The active account's open positions: the chosen pair's are drawn as price lines. */
  positions?: readonly TOrder[] | undefined;
  /** Its pending limit orders: the chosen pair's limit prices are drawn too. */
  pending?: readonly TOrder[] | undefined;
  /** The pairs could not load: the chart area says so, with a retry. */
  isError?: boolean;
  onRetry?: () => void;
}

/**
 * The chart of the pair being traded: the pair picker, its live price and 24-hour change, the
 * interval switcher and the candles (the shared CandleChart, live through the stream).
 */
/** The pair's candles, live: the feed for the chosen pair and interval, drawn by the shared chart. */
function PairChart({
  pair,
  interval,
  positions,
  pending,
}: {
  pair: TPair;
  interval: TChartInterval;
  positions: readonly TOrder[] | undefined;
  pending: readonly TOrder[] | undefined;
}) {
  const feed = useCandleFeed(pair.symbol, pair.pairType, interval);
  const quote = useLiveQuote(pair);
  const trading = useChartTrading({ pair, orders: [...(positions ?? []), ...(pending ?? [])], quote });
  return (
    <>
      <CandleChart
        feed={feed}
        priceLines={positionPriceLines(positions, pair.symbol, pending)}
        onLineMove={trading.onLineMove}
        onLineClick={trading.onLineClick}
        interval={interval}
        pricePrecision={pair.pricePrecision}
        pairLabel={displayPair(pair.base, pair.quote)}
      />
      {trading.dialog}
    </>
  );
}

export function TradeChart({
  pairs,
  pair,
  interval,
  onPairChange,
  onIntervalChange,
  positions,
  pending,
  isError = false,
  onRetry,
}: TTradeChartProps) {
  const t = useT();
  const account = useActiveAccount();
  const isDelayed = useIsDelayed(useLiveQuote(pair), pair?.marketOpen ?? false);
  const ticker = useLiveTicker(pair?.key);
  const snapshot = usePrices().data?.[pair?.key ?? ''];
  const isTickerNewer = ticker !== undefined && (snapshot === undefined || ticker.ts >= snapshot.ts);
  const lastPrice = isTickerNewer ? ticker.price : snapshot?.price;
  const change = isTickerNewer ? ticker.change24h : snapshot?.change24h;

  return (
    <section className={styles.panel} aria-label={t('trade.chart.label')} data-symbol={pair?.symbol}>
      <header className={styles.header}>
        {pairs && pair ? (
          <PairPicker pairs={pairs} value={pair.symbol} onChange={onPairChange} />
        ) : (
          <Skeleton width={120} height={36} shape="block" />
        )}
        <div className={styles.quote}>
          <span className={`${styles.price} tabular`} data-testid="trade-last-price">
            {pair && lastPrice !== undefined ? (
              formatPrice(lastPrice, pair.pricePrecision)
            ) : (
              <Skeleton width={96} height={22} />
            )}
          </span>
          <PriceChange value={change} variant="pill" />
          {pair && !pair.marketOpen ? (
            <Badge tone="warning" icon={<IconClock size={12} />}>
              {pair.status === PAIR_CODE.disabled ? t('trade.chart.paused') : t('trade.chart.marketClosed')}
            </Badge>
          ) : null}
          {isDelayed ? (
            <Badge tone="warning" icon={<IconClock size={12} />}>
              {t('trade.chart.delayed')}
            </Badge>
          ) : null}
          {pair && account === 'real' && !pair.realTrading ? (
            <Badge tone="neutral" icon={<IconInfo size={12} />}>
              {t('trade.chart.demoOnly')}
            </Badge>
          ) : null}
        </div>
        <div className={styles.intervals}>
          <IntervalSwitcher interval={interval} onChange={onIntervalChange} />
          <IndicatorsButton />
        </div>
      </header>
      <div className={styles.chart}>
        {pair ? (
          <PairChart pair={pair} interval={interval} positions={positions} pending={pending} />
        ) : isError ? (
          <div className={styles.error}>
            <LoadError title={t('trade.chart.loadError')} onRetry={onRetry} />
          </div>
        ) : (
          <CandleChartSkeleton />
        )}
      </div>
    </section>
  );
}
