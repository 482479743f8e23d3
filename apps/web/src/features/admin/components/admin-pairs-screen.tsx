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

/** The pair catalogue: enable or disable trading, and each pair's spread and leverage cap. */
export function AdminPairsScreen() {
  const query = useAdminPairs();
  return (
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
  );
}
