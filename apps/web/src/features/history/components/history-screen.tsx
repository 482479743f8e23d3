import { PERIODS, type TPeriod } from '@td/contracts/constants';
import { ORDER_CODE, ORDER_STATUS, type TOrderStatus, ZOrderStatus } from '@td/contracts/statuses';
import { orderReasonText, type TOrder } from '@td/contracts/trading';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { FilterTabs } from '../../../components/filter-tabs';
import { IconDownload, IconHistory } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
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
import styles from './history-screen.module.css';

const PERIOD_LABEL = { all: 'All', '1Y': '1Y', '1M': '1M', '1W': '1W' } as const satisfies Record<
  TPeriod,
  string
>;
/** Orders that filled, and so paid their fee (open, or closed by the user or a trigger). */
const FILLED_STATUSES: ReadonlySet<TOrderStatus> = new Set([
  ORDER_CODE.active,
  ORDER_CODE.done,
  ORDER_CODE.manualClose,
]);
const PERIOD_TABS = PERIODS.map((value) => ({ value, label: PERIOD_LABEL[value] }));
const STATUS_OPTIONS = (Object.keys(ORDER_STATUS) as TOrderStatus[]).map((value) => ({
  value,
  label: ORDER_STATUS[value],
}));
const ALL = '';

/**
 * The History tab: every order of the active account, newest first, with its status in the
 * product's words, filtered by status, pair and period, a page at a time, and exported as CSV.
 */
export function HistoryScreen() {
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
      await exportOrdersCsv({ account, status: statuses, period });
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
      header: 'Pair',
      isPrimary: true,
      cell: (order) => <span className={styles.symbol}>{displaySymbol(order.symbol)}</span>,
    },
    {
      key: 'date',
      header: 'Date',
      cell: (order) => <span className="tabular">{formatDateTime(order.createdAt)}</span>,
    },
    {
      key: 'side',
      header: 'Side',
      cell: (order) => (
        <span className={styles.sideCell}>
          <SideTag side={order.side} leverage={order.leverage} />
          <span className={styles.muted}>{orderTypeLabel(order.type)}</span>
        </span>
      ),
    },
    { key: 'amount', header: 'Amount (USD)', align: 'end', cell: (order) => formatMoney(order.amount, 2) },
    {
      key: 'price',
      header: 'Price',
      align: 'end',
      cell: (order) => formatPrice(order.price, precisionOf(order)),
    },
    {
      key: 'close',
      header: 'Close price',
      align: 'end',
      cell: (order) => formatPrice(order.closePrice, precisionOf(order)),
    },
    {
      key: 'fee',
      header: 'Fee',
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
      header: 'PnL (USD)',
      align: 'end',
      // Open orders carry no realised result yet.
      cell: (order) =>
        order.closedAt ? <SignedMoney value={order.pnl} /> : <span className={styles.muted}>—</span>,
    },
    {
      key: 'status',
      header: 'Status',
      align: 'end',
      cell: (order) => (
        <span className={styles.statusCell} title={orderReasonText(order.reason) || undefined}>
          <OrderStatusBadge status={order.status} />
          {order.status === ORDER_CODE.rejected || order.status === ORDER_CODE.done ? (
            <span className={styles.reason}>{orderReasonText(order.reason)}</span>
          ) : null}
        </span>
      ),
    },
  ];

  const pairOptions = [
    { value: ALL, label: 'All pairs' },
    ...(pairsQuery.data ?? []).map((pair) => ({
      value: pair.symbol,
      label: displayPair(pair.base, pair.quote),
    })),
  ];

  return (
    <>
      <PageHeader
        title="History"
        description="Every order you placed, filled, closed or cancelled."
        actions={<AccountSwitch />}
      />
      <Card isFlush>
        <div className={styles.toolbar}>
          <div className={styles.filters}>
            <SelectField
              label="Status"
              className={styles.filter}
              value={status}
              options={[{ value: ALL, label: 'All statuses' }, ...STATUS_OPTIONS]}
              onChange={(event) => {
                const parsed = ZOrderStatus.safeParse(event.target.value);
                filterBy(setStatus)(parsed.success ? parsed.data : ALL);
              }}
            />
            <SelectField
              label="Pair"
              className={styles.filter}
              value={symbol}
              options={pairOptions}
              onChange={(event) => filterBy(setSymbol)(event.target.value)}
            />
            <div className={styles.period}>
              <span className={styles.periodLabel}>Period</span>
              <FilterTabs
                label="Period"
                tabs={PERIOD_TABS}
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
            Export CSV
          </Button>
        </div>
        <div id="history-table" data-testid="history-table">
          <DataTable
            caption="Order history"
            columns={columns}
            rows={data?.items}
            rowKey={(order) => order.id}
            isLoading={ordersQuery.isPending}
            isStale={ordersQuery.isPlaceholderData}
            skeletonRows={8}
            error={
              ordersQuery.isError && !data ? (
                <LoadError title="Your orders could not load." onRetry={() => void ordersQuery.refetch()} />
              ) : undefined
            }
            empty={
              <EmptyState
                icon={<IconHistory size={24} />}
                title={isFiltered ? 'No orders match these filters.' : 'No orders yet.'}
                description={
                  isFiltered
                    ? 'Try another status, pair or period.'
                    : `Orders you place on the ${account === 'demo' ? 'demo' : 'real'} account appear here.`
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
            noun="orders"
          />
        ) : null}
      </Card>
      <div className={styles.walletHistory}>
        <WalletTransactionsTable
          title="Deposits and withdrawals"
          emptyText="Crypto you deposit or withdraw in the Wallet appears here with its status."
        />
      </div>
    </>
  );
}
