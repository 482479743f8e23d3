import type { TAdminPair } from '@td/contracts/admin';
import { PAIR_CODE } from '@td/contracts/statuses';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconLineChart } from '../../../components/icons';
import { displayPair } from '../../../lib/format-market';
import { useAdminPairs, useUpdatePair } from '../api/admin-pairs';
import { useFeedHealth } from '../api/feed-health';
import styles from './admin.module.css';

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

function StatusToggle({ pair }: { pair: TAdminPair }) {
  const update = useUpdatePair();
  const isActive = pair.status === PAIR_CODE.active;
  return (
    <Button
      size="sm"
      variant={isActive ? 'ghost' : 'primary'}
      isLoading={update.isPending}
      onClick={() =>
        update
          .mutateAsync({ symbol: pair.symbol, status: isActive ? PAIR_CODE.disabled : PAIR_CODE.active })
          .then(
            (result) => toast.success(result.message),
            () => undefined,
          )
      }
    >
      {isActive ? 'Disable' : 'Enable'}
    </Button>
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
  {
    key: 'status',
    header: 'Status',
    cell: (pair) => (
      <Badge tone={pair.status === PAIR_CODE.active ? 'positive' : 'neutral'}>
        {pair.status === PAIR_CODE.active ? 'Enabled' : 'Disabled'}
      </Badge>
    ),
  },
  {
    key: 'limits',
    header: 'Spread and leverage',
    cell: (pair) => <PairLimits key={`${pair.spreadPpm}-${pair.maxLeverage}`} pair={pair} />,
  },
  { key: 'toggle', header: '', align: 'end', cell: (pair) => <StatusToggle pair={pair} /> },
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
  return (
    <>
      <FeedsCard />
      <Card isFlush>
        <DataTable
          caption="Pairs"
          columns={COLUMNS}
          rows={query.data}
          rowKey={(pair) => pair.symbol}
          isLoading={query.isPending}
          skeletonRows={8}
          empty={<EmptyState icon={<IconLineChart size={24} />} title="No pairs." />}
        />
      </Card>
    </>
  );
}
