// The dealing desk's Risk screen: per pair what clients hold, what it makes or costs the house and
// how much of its exposure limit it uses, live through the staff stream; the accounts nearest
// stop-out; the house's result by source; a pair's net exposure over the day. Real or Demo.
import { marginZone } from '@td/contracts/margin-level';
import type { THouseResult, TRiskAccount, TRiskBook, TRiskPair } from '@td/contracts/risk';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { IconLineChart } from '../../../components/app-icons';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/card';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { FilterTabs, type TFilterTab } from '../../../components/filter-tabs';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useStreamStatus } from '../../../lib/stream-status';
import { useAdminRisk, useLiveRisk } from '../api/admin-risk';
import { TableCard } from './admin-list';
import styles from './admin-risk.module.css';
import { ExposureChart } from './exposure-chart';

type TBookName = 'real' | 'demo';

/** A signed USD figure, green above zero and red below, aligned. */
function Signed({ value }: { value: string }) {
  const tone = value.startsWith('-') ? styles.down : Number(value) > 0 ? styles.up : '';
  return <span className={[styles.num, tone].filter(Boolean).join(' ')}>{formatMoney(value, 2)}</span>;
}

const Plain = ({ value }: { value: string | number }) => (
  <span className={styles.num}>{typeof value === 'number' ? value : formatMoney(value, 2)}</span>
);

/** How much of a pair's limit its net exposure uses: the figure and a bar (amber past 80 %, red past it). */
function LimitBar({ pair }: { pair: TRiskPair }) {
  const t = useT();
  if (pair.maxNetExposure === null) return <span className={styles.asOf}>{t('admin.risk.noLimit')}</span>;
  const limit = Number(pair.maxNetExposure);
  const used = limit > 0 ? Math.abs(Number(pair.net)) / limit : 1;
  const zone = used > 1 ? 'over' : used >= 0.8 ? 'near' : 'ok';
  const percent = Math.round(used * 100);
  return (
    <span className={styles.limit} title={t('admin.risk.limitUsed', { pair: pair.symbol, percent })}>
      <span>
        {formatMoney(pair.maxNetExposure, 2)} · {percent}%
      </span>
      <span className={styles.bar} aria-hidden="true">
        <span className={styles.fill} data-zone={zone} style={{ width: `${Math.min(percent, 100)}%` }} />
      </span>
    </span>
  );
}

/** A figure's column, end-aligned, under the header of its name. */
const figureColumn = <TRow,>(
  t: ReturnType<typeof useT>,
  key: 'long' | 'short' | 'net' | 'positions' | 'clientsPnl' | 'housePnl' | 'limit' | 'equity',
  cell: (row: TRow) => ReactNode,
): TColumn<TRow> => ({ key, header: t(`admin.risk.${key}`), align: 'end', cell });

const pairColumns = (t: ReturnType<typeof useT>): TColumn<TRiskPair>[] => [
  {
    key: 'pair',
    header: t('admin.risk.pair'),
    isPrimary: true,
    cell: (pair) => pair.symbol.replace('_', '/'),
  },
  figureColumn(t, 'long', (pair) => <Plain value={pair.long} />),
  figureColumn(t, 'short', (pair) => <Plain value={pair.short} />),
  figureColumn(t, 'net', (pair) => <Signed value={pair.net} />),
  figureColumn(t, 'positions', (pair) => <Plain value={pair.positions} />),
  figureColumn(t, 'clientsPnl', (pair) => <Signed value={pair.clientsPnl} />),
  figureColumn(t, 'housePnl', (pair) => <Signed value={pair.housePnl} />),
  figureColumn(t, 'limit', (pair) => <LimitBar pair={pair} />),
];

const ZONE_TONE = {
  none: 'neutral',
  safe: 'positive',
  near: 'warning',
  call: 'negative',
  stop: 'negative',
} as const;

const accountColumns = (t: ReturnType<typeof useT>): TColumn<TRiskAccount>[] => [
  {
    key: 'user',
    header: t('admin.risk.account'),
    isPrimary: true,
    cell: (account) => (
      <Link className={styles.num} to={PATHS.admin.user(account.userId)}>
        {account.email}
      </Link>
    ),
  },
  {
    key: 'level',
    header: t('admin.risk.marginLevel'),
    align: 'end',
    cell: (account) => (
      <Badge tone={ZONE_TONE[marginZone(account.marginLevel, account)]}>
        {formatMoney(account.marginLevel, 2)}%
      </Badge>
    ),
  },
  {
    key: 'levels',
    header: t('admin.risk.levels'),
    align: 'end',
    cell: (account) => (
      <span className={styles.num}>
        {t(`admin.risk.mode.${account.marginMode}`)} · {account.marginCallLevel}% / {account.stopOutLevel}%
      </span>
    ),
  },
  figureColumn(t, 'equity', (account) => <Plain value={account.equity} />),
  figureColumn(t, 'positions', (account) => <Plain value={account.positions} />),
];

const SOURCES = ['spread', 'fees', 'swaps', 'clientResults', 'writeOffs', 'commissions', 'total'] as const;

/** The house's realised result by source (rows) for today, 7 and 30 days (columns). */
function ResultsTable({ results }: { results: THouseResult[] }) {
  const t = useT();
  return (
    <div className={styles.scroll}>
      <table className={styles.results}>
        <caption className="visually-hidden">{t('admin.risk.results')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.risk.source')}</th>
            {results.map((result) => (
              <th key={result.period} scope="col">
                {t(`admin.risk.period.${result.period}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SOURCES.map((source) => (
            <tr key={source}>
              <th scope="row">{t(`admin.risk.sourceName.${source}`)}</th>
              {results.map((result) => (
                <td key={result.period}>
                  <Signed value={result[source]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The day's net exposure of one pair, chosen among those that had positions today. */
function ExposureCard({ book }: { book: TRiskBook }) {
  const t = useT();
  const selectId = useId();
  const [symbol, setSymbol] = useState<string | undefined>(undefined);
  const series = book.history.find((line) => line.symbol === symbol) ?? book.history[0];
  return (
    <Card title={t('admin.risk.chart')} isFlush>
      {series ? (
        <>
          <div className={styles.chartHead}>
            <label htmlFor={selectId}>{t('admin.risk.pair')}</label>
            <select id={selectId} value={series.symbol} onChange={(event) => setSymbol(event.target.value)}>
              {book.history.map((line) => (
                <option key={line.symbol} value={line.symbol}>
                  {line.symbol.replace('_', '/')}
                </option>
              ))}
            </select>
          </div>
          <ExposureChart series={series} />
        </>
      ) : (
        <p className={styles.empty}>{t('admin.risk.noHistory')}</p>
      )}
    </Card>
  );
}

/**
 * The dealing desk's Risk screen: per pair what the clients hold and what it makes or costs the
 * house, live through the staff stream; the accounts nearest stop-out; the house's result by
 * source; the day's net exposure. Real accounts, or Demo apart.
 */
export function AdminRiskScreen() {
  const t = useT();
  const query = useAdminRisk();
  useLiveRisk();
  const stream = useStreamStatus();
  const [bookName, setBookName] = useState<TBookName>('real');
  const tabs: TFilterTab<TBookName>[] = [
    { value: 'real', label: t('admin.risk.real') },
    { value: 'demo', label: t('admin.risk.demo') },
  ];
  const book = query.data?.[bookName];
  const pairs = book?.pairs.filter((pair) => pair.positions > 0 || pair.maxNetExposure !== null);
  return (
    <>
      <div className={styles.head}>
        <FilterTabs
          label={t('admin.risk.book')}
          tabs={tabs}
          value={bookName}
          onChange={setBookName}
          size="sm"
        />
        <span className={styles.status} aria-live="polite">
          <span className={styles.live} data-live={stream === 'connected'}>
            <span className={styles.dot} aria-hidden="true" />
            {stream === 'connected' ? t('admin.risk.live') : t('admin.risk.offline')}
          </span>
          {query.data ? (
            <span className={styles.asOf}>
              {t('admin.risk.asOf', { time: formatDateTime(query.data.asOf) })}
            </span>
          ) : null}
        </span>
      </div>
      <TableCard
        title={t('admin.risk.exposure')}
        columns={pairColumns(t)}
        rows={pairs}
        rowKey={(pair) => pair.symbol}
        isLoading={query.isPending}
        skeletonRows={4}
        empty={<EmptyState icon={<IconLineChart size={24} />} title={t('admin.risk.noPositions')} />}
      />
      <div className={styles.grid}>
        <TableCard
          title={t('admin.risk.nearestStopOut')}
          columns={accountColumns(t)}
          rows={book?.accounts}
          rowKey={(account) => account.userId}
          isLoading={query.isPending}
          skeletonRows={3}
          empty={<p className={styles.empty}>{t('admin.risk.noAccounts')}</p>}
        />
        <Card title={t('admin.risk.results')} isFlush>
          {book ? <ResultsTable results={book.results} /> : null}
        </Card>
      </div>
      <div className={styles.full}>{book ? <ExposureCard book={book} /> : null}</div>
    </>
  );
}
