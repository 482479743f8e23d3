import { PAIR_FILTERS, type TPairFilter } from '@td/contracts/constants';
import type { TPair } from '@td/contracts/market';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { FilterTabs } from '../../../components/filter-tabs';
import { IconSearch, IconStar } from '../../../components/market-icons';
import { PageHeader } from '../../../components/page-header';
import { PairSpecDialog } from '../../../domain/financing/components/pair-spec-dialog';
import { useLineshots } from '../../../domain/market/get-lineshot';
import { usePairs } from '../../../domain/market/get-pairs';
import { usePrices } from '../../../domain/market/get-prices';
import {
  matchesPairFilter,
  nextSort,
  parsePairFilter,
  selectPairs,
  type TPairSort,
  type TPairSortKey,
} from '../../../domain/market/pair-filters';
import { useToggleFavorite } from '../../../domain/market/toggle-favorite';
import { useT } from '../../../lib/i18n';
import { pairFilterText } from '../../../lib/labels';
import styles from './market-screen.module.css';
import { PairsTable } from './pairs-table';

/** Longest search text (the server's `q` takes 40 characters too). */
const SEARCH_LENGTH_MAX = 40;

/**
 * The Market tab: every pair with live prices, filtered by type or favourites (the filter is kept
 * in `?filter=`), searched, sorted by name, price or change, and starred. A row opens its chart.
 */
export function MarketScreen() {
  const t = useT();
  const [specOf, setSpecOf] = useState<string | undefined>();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parsePairFilter(searchParams.get('filter'));
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<TPairSort | null>(null);
  const pairsQuery = usePairs();
  const pricesQuery = usePrices();
  const toggleFavorite = useToggleFavorite();
  const tableId = useId();
  const searchId = useId();

  const pairs = pairsQuery.data;
  const prices = pricesQuery.data;
  const keys = useMemo(() => (pairs ?? []).map((pair) => pair.key), [pairs]);
  const { data: lineshots } = useLineshots(keys);
  const rows = useMemo(
    () => (pairs ? selectPairs(pairs, { filter, query, sort, prices }) : undefined),
    [pairs, filter, query, sort, prices],
  );

  const setFilter = (next: TPairFilter) => {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === 'all') updated.delete('filter');
        else updated.set('filter', next);
        return updated;
      },
      { replace: true },
    );
  };

  const tabs = PAIR_FILTERS.map((value) => ({
    value,
    label: pairFilterText(value),
    badge: pairs ? pairs.filter((pair) => matchesPairFilter(pair, value)).length : undefined,
  }));

  const onToggleFavorite = (pair: TPair) =>
    toggleFavorite.mutate({ symbol: pair.symbol, isFavorite: !pair.favorite });

  let message: ReactNode;
  if (pairsQuery.isError && !pairs) {
    message = <LoadError title={t('market.loadError')} onRetry={() => void pairsQuery.refetch()} />;
  } else if (rows && rows.length === 0) {
    message = query.trim() ? (
      <EmptyState
        icon={<IconSearch size={24} />}
        title={t('market.empty.search', { query: query.trim() })}
        description={t('market.empty.searchHint')}
        action={
          <Button size="sm" onClick={() => setQuery('')}>
            {t('market.empty.clearSearch')}
          </Button>
        }
      />
    ) : filter === 'favorites' ? (
      <EmptyState
        icon={<IconStar size={24} />}
        title={t('market.empty.favorites')}
        description={t('market.empty.favoritesHint')}
        action={
          <Button size="sm" onClick={() => setFilter('all')}>
            {t('market.empty.showAll')}
          </Button>
        }
      />
    ) : (
      <EmptyState icon={<IconSearch size={24} />} title={t('market.empty.type')} />
    );
  }

  return (
    <>
      <PageHeader title={t('nav.market')} description={t('market.description')} />
      <section className={styles.card} aria-label={t('market.pairs')}>
        <div className={styles.toolbar}>
          <FilterTabs
            label={t('market.pairType')}
            tabs={tabs}
            value={filter}
            onChange={setFilter}
            controls={tableId}
            className={styles.tabs}
          />
          <div className={styles.search}>
            <label htmlFor={searchId} className="visually-hidden">
              {t('market.search')}
            </label>
            <IconSearch size={16} className={styles.searchIcon} />
            <input
              id={searchId}
              type="search"
              className={styles.searchInput}
              placeholder={t('market.search')}
              value={query}
              maxLength={SEARCH_LENGTH_MAX}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        </div>
        <PairsTable
          id={tableId}
          rows={rows}
          prices={prices}
          lineshots={lineshots}
          sort={sort}
          onSort={(key: TPairSortKey) => setSort((current) => nextSort(current, key))}
          onToggleFavorite={onToggleFavorite}
          onSpec={(pair) => setSpecOf(pair.symbol)}
          message={message}
        />
      </section>
      <PairSpecDialog symbol={specOf} onClose={() => setSpecOf(undefined)} />
    </>
  );
}
