import type { TAdminPair } from '@td/contracts/admin';
import { PAIR_CODE } from '@td/contracts/statuses';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { FilterTabs } from '../../../components/filter-tabs';
import { IconLineChart } from '../../../components/icons';
import { displayPair } from '../../../lib/format-market';
import { useAdminPairs, useUpdatePair } from '../api/admin-pairs';
import { useFeedHealth } from '../api/feed-health';
import styles from './admin.module.css';
import { ListSearch } from './admin-list';

const TYPE_LABEL = { crp: 'Crypto', forex: 'Forex', stocks: 'Stocks' } as const;

/** One pair's editable limits: spread (ppm of the price) and max leverage, saved together. */
function PairLimits({ pair }: { pair: TAdminPair }) {
  const update = useUpdatePair();
  const [spreadPpm, setSpreadPpm] = useState(String(pair.spreadPpm));
  const [maxLeverage, setMaxLeverage] = useState(String(pair.maxLeverage));
  const isChanged = spreadPpm !== String(pair.spreadPpm) || maxLeverage !== String(pair.maxLeverage);
  return (
    <form
      className={styles.inlineForm}
      onSubmit={(event) => {
        event.preventDefault();
        update
          .mutateAsync({
            symbol: pair.symbol,
            spreadPpm: Number(spreadPpm),
            maxLeverage: Number(maxLeverage),
          })
          .then(
            (result) => toast.success(result.message),
            () => undefined,
          );
      }}
    >
      <label className={styles.inlineField}>
        <span>Spread ppm</span>
        <input
          type="number"
          min={0}
          max={100000}
          value={spreadPpm}
          onChange={(event) => setSpreadPpm(event.target.value)}
        />
      </label>
      <label className={styles.inlineField}>
        <span>Max ×</span>
        <input
          type="number"
          min={1}
          max={1000}
          value={maxLeverage}
          onChange={(event) => setMaxLeverage(event.target.value)}
        />
      </label>
      <Button size="sm" type="submit" variant="secondary" disabled={!isChanged} isLoading={update.isPending}>
        Save
      </Button>
    </form>
  );
}

/** Whether the pair can be traded: a switch that says its state, turned with a click or Space. */
function TradingSwitch({ pair }: { pair: TAdminPair }) {
  const update = useUpdatePair();
  const isActive = pair.status === PAIR_CODE.active;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isActive}
      aria-label={`Trading on ${displayPair(pair.base, pair.quote)}`}
      className={styles.switch}
      disabled={update.isPending}
      onClick={() =>
        update
          .mutateAsync({ symbol: pair.symbol, status: isActive ? PAIR_CODE.disabled : PAIR_CODE.active })
          .then(
            (result) => toast.success(result.message),
            () => undefined,
          )
      }
    >
      <span className={styles.switchTrack} aria-hidden="true">
        <span className={styles.switchThumb} />
      </span>
      <span>{isActive ? 'Enabled' : 'Disabled'}</span>
    </button>
  );
}

const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: PAIR_CODE.active, label: 'Enabled' },
  { value: PAIR_CODE.disabled, label: 'Disabled' },
] as const;
type TStatusFilter = (typeof STATUS_FILTERS)[number]['value'];

/** Whether a pair answers the search: its name as shown, its symbol or its market. */
function matches(pair: TAdminPair, search: string): boolean {
  const needle = search
    .trim()
    .toLowerCase()
    .replace(/[\s/_-]/g, '');
  if (!needle) return true;
  return [displayPair(pair.base, pair.quote), pair.symbol, TYPE_LABEL[pair.pairType]].some((text) =>
    text
      .toLowerCase()
      .replace(/[\s/_-]/g, '')
      .includes(needle),
  );
}

const COLUMNS: TColumn<TAdminPair>[] = [
  {
    key: 'pair',
    header: 'Pair',
    isPrimary: true,
    cell: (pair) => (
      <span className={styles.strong}>
        {displayPair(pair.base, pair.quote)}
        <span className={styles.sub}>{TYPE_LABEL[pair.pairType]}</span>
      </span>
    ),
  },
  { key: 'status', header: 'Trading', cell: (pair) => <TradingSwitch pair={pair} /> },
  {
    key: 'limits',
    header: 'Spread and leverage',
    cell: (pair) => <PairLimits key={`${pair.spreadPpm}-${pair.maxLeverage}`} pair={pair} />,
  },
];

const FEED_LABEL = {
  binance: 'Binance (crypto)',
  finnhub: 'Finnhub (forex and stocks)',
  simulator: 'Built-in simulator',
} as const;
const FEED_STATE = {
  live: { tone: 'positive', label: 'Live' },
  delayed: { tone: 'warning', label: 'Delayed' },
  waiting: { tone: 'neutral', label: 'Waiting' },
} as const;

/** Each price feed: its pairs, its state and how old its newest price is. */
function FeedsCard() {
  const { data: feeds } = useFeedHealth();
  return (
    <Card title="Price feeds" className={styles.banner}>
      <ul className={styles.feeds} data-testid="price-feeds">
        {(feeds ?? []).map((feed) => (
          <li key={feed.feed} className={styles.feed}>
            <span className={styles.strong}>{FEED_LABEL[feed.feed]}</span>
            <span className={styles.sub}>
              {feed.pairs} {feed.pairs === 1 ? 'pair' : 'pairs'}
              {feed.lastMessageAgeMs === null
                ? ' · no price yet'
                : ` · last price ${(feed.lastMessageAgeMs / 1000).toFixed(1)} s ago`}
            </span>
            <Badge tone={FEED_STATE[feed.state].tone}>{FEED_STATE[feed.state].label}</Badge>
          </li>
        ))}
        {feeds?.length === 0 ? <li className={styles.sub}>No price has come yet.</li> : null}
      </ul>
    </Card>
  );
}

/** The pair catalogue: the feeds' state, then enable or disable trading, and each pair's limits. */
export function AdminPairsScreen() {
  const query = useAdminPairs();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TStatusFilter>('all');
  const rows = query.data?.filter(
    (pair) => matches(pair, search) && (status === 'all' || pair.status === status),
  );
  return (
    <>
      <FeedsCard />
      <Card isFlush>
        <div className={styles.toolbar}>
          <ListSearch
            label="Search pairs"
            placeholder="BTC/USD, EUR, Stocks…"
            value={search}
            onChange={setSearch}
          />
          <FilterTabs label="Trading" tabs={STATUS_FILTERS} value={status} onChange={setStatus} size="sm" />
          {rows ? (
            <span className={styles.total}>
              {rows.length} of {query.data?.length} pairs
            </span>
          ) : null}
        </div>
        <DataTable
          caption="Pairs"
          columns={COLUMNS}
          rows={rows}
          rowKey={(pair) => pair.symbol}
          isLoading={query.isPending}
          skeletonRows={8}
          empty={<EmptyState icon={<IconLineChart size={24} />} title="No pair matches." />}
        />
      </Card>
    </>
  );
}
