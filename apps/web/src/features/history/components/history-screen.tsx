import { PERIODS, type TPeriod } from '@td/contracts/constants';
import { ORDER_CODE, ORDER_STATUS, type TOrderStatus, ZOrderStatus } from '@td/contracts/statuses';
import { orderReasonText, type TOrder } from '@td/contracts/trading';
import { useState } from 'react';
import { IconDownload, IconHistory } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { FilterTabs } from '../../../components/filter-tabs';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { BalanceOperationsTable } from '../../../domain/balance/balance-operations-table';
import { usePairs } from '../../../domain/market/get-pairs';
import { useActiveAccount } from '../../../domain/trading/account-store';
import { AccountSwitch } from '../../../domain/trading/components/account-switch';
import { OrderStatusBadge } from '../../../domain/trading/components/order-status-badge';
import { SideTag } from '../../../domain/trading/components/side-tag';
import { SignedMoney } from '../../../domain/trading/components/signed-money';
import { exportOrdersCsv } from '../../../domain/trading/export-orders';
import { ORDERS_PAGE_SIZE, useOrders } from '../../../domain/trading/get-orders';
import { orderTypeLabel } from '../../../domain/trading/order-labels';
import { useTradingStream } from '../../../domain/trading/use-trading-stream';
import { WalletTransactionsTable } from '../../../domain/wallet/components/wallet-transactions-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { displayPair, displaySymbol, formatPrice } from '../../../lib/format-market';
import { currentLanguage, translateServerMessage, useT } from '../../../lib/i18n';
import { orderStatusText, periodText } from '../../../lib/labels';
import { groupHeads, partOf, tradeTimes } from '../history-rows';
import styles from './history-screen.module.css';

/** Orders that filled, and so paid their fee (open, or closed by the user or a trigger). */
const FILLED_STATUSES: ReadonlySet<TOrderStatus> = new Set([
  ORDER_CODE.active,
  ORDER_CODE.done,
  ORDER_CODE.manualClose,
]);
const STATUSES = Object.keys(ORDER_STATUS) as TOrderStatus[];
const ALL = '';

/**
 * The History tab: every order of the active account, newest first, with its status in the
 * product's words, filtered by status, pair and period, a page at a time, and exported as CSV.
 */
export function HistoryScreen() {
  const t = useT();
  const account = useActiveAccount();
  const [status, setStatus] = useState<TOrderStatus | typeof ALL>(ALL);
  const [symbol, setSymbol] = useState(ALL);
  const [period, setPeriod] = useState<TPeriod>('all');
  const [page, setPage] = useState(1);
  const [isExporting, setIsExporting] = useState(false);
  useTradingStream();
  const pairsQuery = usePairs();
  const pairBySymbol = new Map((pairsQuery.data ?? []).map((pair) => [pair.symbol, pair]));
  const statuses = status ? [status] : undefined;
  const ordersQuery = useOrders(
    { account, status: statuses, symbol: symbol || undefined, period, page, limit: ORDERS_PAGE_SIZE },
    { isKeepingPrevious: true },
  );
  const data = ordersQuery.data;
  const heads = groupHeads(data?.items ?? []);
  const isFiltered = status !== ALL || symbol !== ALL || period !== 'all';

  // Every filter starts again from the first page.
  const filterBy =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const onExport = async () => {
    setIsExporting(true);
    try {
      // The file's column names are the screen's, in the language it is shown in.
      await exportOrdersCsv({ account, status: statuses, period, language: currentLanguage() });
    } catch {
      // The api client has shown the error.
    } finally {
      setIsExporting(false);
    }
  };

  const precisionOf = (order: TOrder) => pairBySymbol.get(order.symbol)?.pricePrecision ?? 2;
  const columns: TColumn<TOrder>[] = [
    {
      key: 'pair',
      header: t('history.column.pair'),
      isPrimary: true,
      cell: (order) =>
        partOf(order) ? (
          // A partial close: its amount and result, under the position it was closed from.
          <span className={styles.partCell}>
            <span className={styles.symbol}>
              <span aria-hidden="true">↳ </span>
              {displaySymbol(order.symbol)}
            </span>
            <span className={styles.partOf} data-testid="history-part-of">
              {t('history.partOf', { opened: formatDateTime(order.openedAt) })}
            </span>
          </span>
        ) : (
          <span className={styles.symbol}>{displaySymbol(order.symbol)}</span>
        ),
    },
    {
      key: 'opened',
      header: t('history.column.opened'),
      cell: (order) => {
        const times = tradeTimes(order);
        return times.opened ? (
          <span className={`${styles.time} tabular`}>{formatDateTime(times.opened)}</span>
        ) : (
          // Never opened: when it was placed instead.
          <span className={`${styles.muted} tabular`}>
            {t('history.placed', { time: formatDateTime(times.placed) })}
          </span>
        );
      },
    },
    {
      key: 'closed',
      header: t('history.column.closed'),
      cell: (order) => {
        const { closed } = tradeTimes(order);
        return closed ? (
          <span className={`${styles.time} tabular`}>{formatDateTime(closed)}</span>
        ) : (
          <span className={styles.muted}>—</span>
        );
      },
    },
    {
      key: 'side',
      header: t('history.column.side'),
      cell: (order) => (
        <span className={styles.sideCell}>
          <SideTag side={order.side} leverage={order.leverage} />
          <span className={styles.muted}>{orderTypeLabel(order.type)}</span>
        </span>
      ),
    },
    {
      key: 'amount',
      header: t('history.column.amount'),
      align: 'end',
      cell: (order) => formatMoney(order.amount, 2),
    },
    {
      key: 'price',
      header: t('history.column.price'),
      align: 'end',
      cell: (order) => formatPrice(order.price, precisionOf(order)),
    },
    {
      key: 'close',
      header: t('history.column.closePrice'),
      align: 'end',
      cell: (order) => formatPrice(order.closePrice, precisionOf(order)),
    },
    {
      key: 'fee',
      header: t('history.column.fee'),
      align: 'end',
      // Charged when the order fills: a pending, cancelled or rejected one has paid none.
      cell: (order) =>
        FILLED_STATUSES.has(order.status) ? (
          formatMoney(order.fee, 2)
        ) : (
          <span className={styles.muted}>—</span>
        ),
    },
    {
      key: 'pnl',
      header: t('history.column.pnl'),
      align: 'end',
      // Open orders carry no realised result yet.
      cell: (order) =>
        order.closedAt ? <SignedMoney value={order.pnl} /> : <span className={styles.muted}>—</span>,
    },
    {
      key: 'status',
      header: t('history.column.status'),
      align: 'end',
      cell: (order) => (
        <span
          className={styles.statusCell}
          title={translateServerMessage(orderReasonText(order.reason)) || undefined}
        >
          <OrderStatusBadge status={order.status} />
          {order.status === ORDER_CODE.rejected || order.status === ORDER_CODE.done ? (
            <span className={styles.reason}>{translateServerMessage(orderReasonText(order.reason))}</span>
          ) : null}
        </span>
      ),
    },
  ];

  const periodTabs = PERIODS.map((value) => ({ value, label: periodText('history', value) }));
  const statusOptions = [
    { value: ALL, label: t('history.filter.allStatuses') },
    ...STATUSES.map((value) => ({ value, label: orderStatusText(value) })),
  ];
  const pairOptions = [
    { value: ALL, label: t('history.filter.allPairs') },
    ...(pairsQuery.data ?? []).map((pair) => ({
      value: pair.symbol,
      label: displayPair(pair.base, pair.quote),
    })),
  ];

  return (
    <>
      <PageHeader
        title={t('nav.history')}
        description={t('history.description')}
        actions={<AccountSwitch />}
      />
      <Card isFlush>
        <div className={styles.toolbar}>
          <div className={styles.filters}>
            <SelectField
              label={t('history.column.status')}
              className={styles.filter}
              value={status}
              options={statusOptions}
              onChange={(event) => {
                const parsed = ZOrderStatus.safeParse(event.target.value);
                filterBy(setStatus)(parsed.success ? parsed.data : ALL);
              }}
            />
            <SelectField
              label={t('history.column.pair')}
              className={styles.filter}
              value={symbol}
              options={pairOptions}
              onChange={(event) => filterBy(setSymbol)(event.target.value)}
            />
            <div className={styles.period}>
              <span className={styles.periodLabel}>{t('history.period.label')}</span>
              <FilterTabs
                label={t('history.period.label')}
                tabs={periodTabs}
                value={period}
                onChange={filterBy(setPeriod)}
                controls="history-table"
              />
            </div>
          </div>
          <Button
            icon={<IconDownload size={16} />}
            onClick={() => void onExport()}
            isLoading={isExporting}
            disabled={data?.total === 0}
          >
            {t('history.export')}
          </Button>
        </div>
        <div id="history-table" data-testid="history-table" className={styles.orders}>
          <DataTable
            caption={t('history.caption')}
            columns={columns}
            rows={data?.items}
            rowKey={(order) => order.id}
            rowAttributes={(order) => ({
              id: `order-${order.id}`,
              'data-part-of': partOf(order) ?? undefined,
              'data-has-parts': heads.has(order.id) ? 'true' : undefined,
            })}
            isLoading={ordersQuery.isPending}
            isStale={ordersQuery.isPlaceholderData}
            skeletonRows={8}
            error={
              ordersQuery.isError && !data ? (
                <LoadError title={t('history.loadError')} onRetry={() => void ordersQuery.refetch()} />
              ) : undefined
            }
            empty={
              <EmptyState
                icon={<IconHistory size={24} />}
                title={isFiltered ? t('history.empty.filtered') : t('history.empty.title')}
                description={
                  isFiltered
                    ? t('history.empty.filteredHint')
                    : account === 'demo'
                      ? t('history.empty.demoHint')
                      : t('history.empty.realHint')
                }
              />
            }
          />
        </div>
        {data && data.total > 0 ? (
          <Pagination
            page={data.page}
            limit={data.limit}
            total={data.total}
            onPageChange={setPage}
            isFetching={ordersQuery.isFetching && ordersQuery.isPlaceholderData}
            noun={t('history.pagination.noun')}
          />
        ) : null}
      </Card>
      <div className={styles.walletHistory}>
        <BalanceOperationsTable account={account} />
      </div>
      <div className={styles.walletHistory}>
        <WalletTransactionsTable title={t('history.wallet.title')} emptyText={t('history.wallet.empty')} />
      </div>
    </>
  );
}
