// The dashboard's list of pairs beside the chart, filtered by type or favourites: each row with
// its price, 24-hour change and sparkline, and choosing a row shows its chart. A row reads the
// same live price as the chart, so one pair shows one price on the screen.
import { PAIR_FILTERS, type TPairFilter } from '@td/contracts/constants';
import type { TPair, TPriceSnapshot, TPrices } from '@td/contracts/market';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { FilterTabs } from '../../../components/filter-tabs';
import { IconStar } from '../../../components/market-icons';
import { PriceChange } from '../../../components/price-change';
import { Skeleton } from '../../../components/skeleton';
import { Sparkline } from '../../../components/sparkline';
import { useLineshots } from '../../../domain/market/get-lineshot';
import { newerPrice } from '../../../domain/market/live-price';
import { selectPairs } from '../../../domain/market/pair-filters';
import { changeDirection, displayPair, formatPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { pairFilterText, pairTypeText } from '../../../lib/labels';
import { useLiveTicker } from '../../../lib/live-tickers';
import styles from './watchlist.module.css';

const SKELETON_ROWS = 9;

interface TWatchlistProps {
  pairs: TPair[] | undefined;
  prices: TPrices | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selectedSymbol: string;
  onSelect: (symbol: string) => void;
}

function WatchlistSkeleton() {
  return (
    <ul className={styles.list} aria-hidden="true">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <li key={index} className={styles.skeletonRow}>
          <span className={styles.skeletonName}>
            <Skeleton width={72} height={12} />
            <Skeleton width={44} height={10} />
          </span>
          <Skeleton width={72} height={20} shape="block" />
          <span className={styles.skeletonFigures}>
            <Skeleton width={64} height={12} />
            <Skeleton width={48} height={10} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A row's sparkline, price and 24-hour change: the stream's ticker where the pair is subscribed
 * (the chart's pair), else the polled price; the later wins, as on the chart, so one pair shows
 * one price on the screen.
 */
function PairFigures({
  pair,
  snapshot,
  line,
}: {
  pair: TPair;
  snapshot: TPriceSnapshot | undefined;
  line: readonly number[] | undefined;
}) {
  const price = newerPrice(useLiveTicker(pair.key), snapshot);
  return (
    <>
      <Sparkline values={line} direction={changeDirection(price?.change24h)} className={styles.sparkline} />
      <span className={styles.figures}>
        <span className={`${styles.price} tabular`} data-testid="watchlist-price" data-price={price?.price}>
          {formatPrice(price?.price, pair.pricePrecision)}
        </span>
        <PriceChange value={price?.change24h} className={styles.change} />
      </span>
    </>
  );
}

/**
 * The pair list beside the chart: live prices (the chart's stream for its pair, else polled), the 24-hour change and a sparkline of the
 * last 24 hours; choosing a row shows its chart.
 */
export function Watchlist({
  pairs,
  prices,
  isLoading,
  isError,
  onRetry,
  selectedSymbol,
  onSelect,
}: TWatchlistProps) {
  const t = useT();
  const [filter, setFilter] = useState<TPairFilter>('all');
  const listId = useId();
  const rows = useMemo(
    () => (pairs ? selectPairs(pairs, { filter, query: '', sort: null, prices }) : []),
    [pairs, filter, prices],
  );
  const keys = useMemo(() => (pairs ?? []).map((pair) => pair.key), [pairs]);
  const { data: lineshots } = useLineshots(keys);
  const bodyRef = useRef<HTMLDivElement>(null);
  const hasRows = rows.length > 0;

  // Where the list scrolls inside its panel (wide screens), keep the chosen pair in view: a chart
  // opened from a link may be far down the list. The page itself never scrolls for this.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter moves the rows, so look again.
  useEffect(() => {
    const body = bodyRef.current;
    if (!body || !hasRows || body.scrollHeight <= body.clientHeight) return;
    const row = body.querySelector<HTMLElement>(`[data-symbol="${CSS.escape(selectedSymbol)}"]`);
    if (!row) return;
    const top = row.offsetTop;
    const bottom = top + row.offsetHeight;
    if (top < body.scrollTop) body.scrollTop = top;
    else if (bottom > body.scrollTop + body.clientHeight) body.scrollTop = bottom - body.clientHeight;
  }, [selectedSymbol, hasRows, filter]);

  let body: ReactNode;
  if (isError && !pairs) {
    body = <LoadError title={t('home.watchlist.loadError')} onRetry={onRetry} />;
  } else if (isLoading || !pairs) {
    body = <WatchlistSkeleton />;
  } else if (rows.length === 0) {
    body =
      filter === 'favorites' ? (
        <EmptyState
          icon={<IconStar size={24} />}
          title={t('home.watchlist.noFavourites')}
          description={t('home.watchlist.noFavouritesHint')}
        />
      ) : (
        <EmptyState icon={<IconStar size={24} />} title={t('home.watchlist.noPairs')} />
      );
  } else {
    body = (
      <ul className={styles.list}>
        {rows.map((pair) => {
          const isSelected = pair.symbol === selectedSymbol;
          return (
            <li key={pair.symbol}>
              <button
                type="button"
                className={styles.row}
                aria-current={isSelected ? 'true' : undefined}
                onClick={() => onSelect(pair.symbol)}
                data-symbol={pair.symbol}
              >
                <span className={styles.name}>
                  <span className={styles.pair}>
                    {displayPair(pair.base, pair.quote)}
                    {pair.favorite ? (
                      <>
                        <IconStar size={11} className={styles.favorite} />
                        <span className="visually-hidden">, {t('home.watchlist.favourite')}</span>
                      </>
                    ) : null}
                  </span>
                  <span className={styles.meta}>
                    {pairTypeText(pair.pairType)}
                    {pair.marketOpen ? null : (
                      <span className={styles.closed}> · {t('home.watchlist.closed')}</span>
                    )}
                  </span>
                </span>
                <PairFigures pair={pair} snapshot={prices?.[pair.key]} line={lineshots?.[pair.key]} />
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className={styles.watchlist} aria-labelledby={`${listId}-title`}>
      <header className={styles.header}>
        <h2 id={`${listId}-title`} className={styles.title}>
          {t('home.watchlist.title')}
        </h2>
        <FilterTabs
          label={t('home.watchlist.pairType')}
          size="sm"
          tabs={PAIR_FILTERS.map((value) => ({ value, label: pairFilterText(value) }))}
          value={filter}
          onChange={setFilter}
          controls={listId}
        />
      </header>
      <div className={styles.columns} aria-hidden="true">
        <span>{t('home.watchlist.colPair')}</span>
        <span>{t('home.watchlist.col24h')}</span>
        <span>{t('home.watchlist.colPrice')}</span>
      </div>
      <div
        ref={bodyRef}
        id={listId}
        role="tabpanel"
        aria-label={t('home.watchlist.pairs')}
        className={styles.body}
        aria-busy={isLoading || undefined}
      >
        {body}
      </div>
    </section>
  );
}
