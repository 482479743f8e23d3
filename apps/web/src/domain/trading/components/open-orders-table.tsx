import type { TPair } from '@td/contracts/market';
import type { TOrder } from '@td/contracts/trading';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { displaySymbol, formatPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { NEW_POSITION_HIGHLIGHT_MS, useNewPositionStore } from '../new-position-store';
import { orderTypeLabel, sideLabel } from '../order-labels';
import { useCancelOrder } from '../order-mutations';
import { positionPnl } from '../positions-pnl';
import { closeSidePrice, loweredLeverage } from '../trading-math';
import { useLiveQuote, useTickerSubscriptions } from '../use-live-quote';
import { AddMarginDialog } from './add-margin-dialog';
import { ClosePositionDialog } from './close-position-dialog';
import { EditExitsDialog } from './edit-exits-dialog';
import styles from './open-orders-table.module.css';
import type { TOrderDialogKind } from './order-dialog-frame';
import { PartialCloseDialog } from './partial-close-dialog';
import { SideTag } from './side-tag';
import { SignedMoney } from './signed-money';

interface TOpenOrdersTableProps {
  /** Open positions (act) or pending limit orders (pnd). */
  kind: 'positions' | 'pending';
  orders: readonly TOrder[] | undefined;
  pairs: readonly TPair[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The empty state's words and next step. */
  empty: { title: string; description?: string; action?: ReactNode; icon: ReactNode };
  skeletonRows?: number;
  /** Narrower cells, for a tight panel (the Trade screen's dock). */
  isCompact?: boolean;
}

interface TRow {
  order: TOrder;
  pair: TPair | undefined;
}

const precisionOf = (pair: TPair | undefined) => pair?.pricePrecision ?? 2;

function MarkPrice({ row }: { row: TRow }) {
  const quote = useLiveQuote(row.pair);
  return <>{formatPrice(quote ? closeSidePrice(row.order.side, quote) : null, precisionOf(row.pair))}</>;
}

/** The position's PnL at the live price with its swaps; the server's figure until a quote arrives. */
function LivePnl({ row }: { row: TRow }) {
  const quote = useLiveQuote(row.pair);
  const pnl = positionPnl(row.order, quote, precisionOf(row.pair));
  return <SignedMoney value={pnl} testId="position-pnl" />;
}

function Exits({ row }: { row: TRow }) {
  const t = useT();
  const precision = precisionOf(row.pair);
  return (
    <span className={styles.exits}>
      <span className={row.order.takeProfit ? 'tone-up' : styles.none}>
        {formatPrice(row.order.takeProfit, precision)}
      </span>
      <span className={styles.none}>/</span>
      <span className={row.order.stopLoss ? 'tone-down' : styles.none}>
        {formatPrice(row.order.stopLoss, precision)}
      </span>
      {row.order.trailingStop ? (
        <span className={styles.trailing} data-testid="trailing-distance">
          {t('orders.trailing', { distance: formatPrice(row.order.trailingStop, precision) })}
        </span>
      ) : null}
    </span>
  );
}

function PairCell({ order }: { order: TOrder }) {
  return (
    <span className={styles.pairCell}>
      <span className={styles.symbol}>{displaySymbol(order.symbol)}</span>
      <SideTag side={order.side} leverage={order.leverage} effectiveLeverage={loweredLeverage(order)} />
    </span>
  );
}

/**
 * The open positions or the pending orders of an account, with their actions: edit take-profit and
 * stop-loss, add margin, partial close and close for positions; edit and cancel for pending orders.
 * Prices and PnL move with the live quotes. Shared by the Trade and Portfolio tabs.
 */
export function OpenOrdersTable({
  kind,
  orders,
  pairs,
  isLoading,
  isError,
  onRetry,
  empty,
  skeletonRows = 2,
  isCompact = false,
}: TOpenOrdersTableProps) {
  const t = useT();
  const [dialog, setDialog] = useState<{ kind: TOrderDialogKind; row: TRow } | null>(null);
  const cancel = useCancelOrder();
  const pairBySymbol = useMemo(() => new Map((pairs ?? []).map((pair) => [pair.symbol, pair])), [pairs]);
  const rows = useMemo(
    () => orders?.map((order) => ({ order, pair: pairBySymbol.get(order.symbol) })),
    [orders, pairBySymbol],
  );
  useTickerSubscriptions((rows ?? []).flatMap((row) => (row.pair ? [row.pair] : [])));
  const newPositionId = useNewPosition(kind, rows);
  const rootRef = useRef<HTMLDivElement>(null);
  useScrollToHighlighted(rootRef, newPositionId);

  const open = (kindOf: TOrderDialogKind, row: TRow) => setDialog({ kind: kindOf, row });
  const label = (row: TRow) => ({
    order: `${displaySymbol(row.order.symbol)} ${sideLabel(row.order.side).toLowerCase()}`,
  });

  // Inline buttons rather than a menu: a menu would be clipped by the table's scroll box, and
  // every action stays one Tab stop away.
  const positionActions = (row: TRow) => (
    <span className={styles.actions}>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => open('exits', row)}
        aria-label={t('orders.action.exits', label(row))}
      >
        {t('orders.action.exitsShort')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => open('margin', row)}
        aria-label={t('orders.action.margin', label(row))}
      >
        {t('orders.action.marginShort')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => open('partial', row)}
        aria-label={t('orders.action.partial', label(row))}
      >
        {t('orders.action.partialShort')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => open('close', row)}
        aria-label={t('orders.action.close', label(row))}
      >
        {t('orders.action.closeShort')}
      </Button>
    </span>
  );

  const pendingActions = (row: TRow) => (
    <span className={styles.actions}>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => open('exits', row)}
        aria-label={t('orders.action.edit', label(row))}
      >
        {t('orders.action.editShort')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => cancel.mutate({ order: row.order })}
        isLoading={cancel.isPending && cancel.variables?.order.id === row.order.id}
        aria-label={t('orders.action.cancel', label(row))}
      >
        {t('orders.action.cancelShort')}
      </Button>
    </span>
  );

  const columns: TColumn<TRow>[] =
    kind === 'positions'
      ? [
          {
            key: 'pair',
            header: t('orders.col.pair'),
            isPrimary: true,
            cell: (row) => <PairCell order={row.order} />,
          },
          {
            key: 'amount',
            header: t('orders.col.amount'),
            align: 'end',
            cell: (row) => formatMoney(row.order.amount, 2),
          },
          {
            key: 'entry',
            header: t('orders.col.entry'),
            align: 'end',
            cell: (row) => formatPrice(row.order.price, precisionOf(row.pair)),
          },
          { key: 'mark', header: t('orders.col.mark'), align: 'end', cell: (row) => <MarkPrice row={row} /> },
          {
            key: 'liquidation',
            header: t('orders.col.liquidation'),
            align: 'end',
            cell: (row) => (
              <span data-testid="position-liquidation">
                {formatPrice(row.order.liquidationPrice, precisionOf(row.pair))}
              </span>
            ),
          },
          { key: 'exits', header: t('orders.col.exits'), align: 'end', cell: (row) => <Exits row={row} /> },
          {
            key: 'margin',
            header: t('orders.col.margin'),
            align: 'end',
            cell: (row) => formatMoney(row.order.margin, 2),
          },
          {
            key: 'swap',
            header: t('financing.orders.swap'),
            align: 'end',
            cell: (row) => <SignedMoney value={row.order.swap} testId="position-swap" />,
          },
          { key: 'pnl', header: t('orders.col.pnl'), align: 'end', cell: (row) => <LivePnl row={row} /> },
          { key: 'actions', header: t('orders.col.actions'), align: 'end', cell: positionActions },
        ]
      : [
          {
            key: 'pair',
            header: t('orders.col.pair'),
            isPrimary: true,
            cell: (row) => <PairCell order={row.order} />,
          },
          {
            key: 'amount',
            header: t('orders.col.amount'),
            align: 'end',
            cell: (row) => formatMoney(row.order.amount, 2),
          },
          { key: 'type', header: t('orders.col.type'), cell: (row) => orderTypeLabel(row.order.type) },
          {
            key: 'stop',
            header: t('orders.col.stopPrice'),
            align: 'end',
            cell: (row) => formatPrice(row.order.stopPrice, precisionOf(row.pair)),
          },
          {
            key: 'limit',
            header: t('orders.col.limit'),
            align: 'end',
            cell: (row) => formatPrice(row.order.price, precisionOf(row.pair)),
          },
          { key: 'mark', header: t('orders.col.mark'), align: 'end', cell: (row) => <MarkPrice row={row} /> },
          { key: 'exits', header: t('orders.col.exits'), align: 'end', cell: (row) => <Exits row={row} /> },
          {
            key: 'margin',
            header: t('orders.col.margin'),
            align: 'end',
            cell: (row) => formatMoney(row.order.margin, 2),
          },
          {
            key: 'placed',
            header: t('orders.col.placed'),
            align: 'end',
            cell: (row) => formatDateTime(row.order.createdAt),
          },
          {
            key: 'expires',
            header: t('orders.col.expires'),
            align: 'end',
            cell: (row) => (row.order.expiresAt ? formatDateTime(row.order.expiresAt) : t('orders.tif.gtc')),
          },
          { key: 'actions', header: t('orders.col.actions'), align: 'end', cell: pendingActions },
        ];

  const closeDialog = () => setDialog(null);
  const dialogProps = dialog
    ? { order: dialog.row.order, pair: dialog.row.pair, onClose: closeDialog }
    : undefined;

  return (
    <div ref={rootRef} data-testid={kind === 'positions' ? 'positions-table' : 'pending-table'}>
      <DataTable
        caption={kind === 'positions' ? t('orders.positions') : t('orders.pending')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.order.id}
        highlightedKey={newPositionId}
        isCompact={isCompact}
        isLoading={isLoading}
        skeletonRows={skeletonRows}
        error={
          isError && !orders ? (
            <LoadError
              title={kind === 'positions' ? t('orders.positionsError') : t('orders.pendingError')}
              onRetry={onRetry}
            />
          ) : undefined
        }
        empty={<EmptyState {...empty} />}
      />
      {dialog && dialogProps ? <DialogFor kind={dialog.kind} {...dialogProps} /> : null}
    </div>
  );
}

/**
 * The id of the position an order just opened while its row is listed here, for a few seconds
 * from the moment the row shows; then the highlight ends.
 */
function useNewPosition(kind: 'positions' | 'pending', rows: readonly TRow[] | undefined): string | null {
  const id = useNewPositionStore((state) => state.id);
  const clear = useNewPositionStore((state) => state.clear);
  const isListed = kind === 'positions' && id !== null && (rows ?? []).some((row) => row.order.id === id);
  useEffect(() => {
    if (!isListed || id === null) return;
    const timer = window.setTimeout(() => clear(id), NEW_POSITION_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [isListed, id, clear]);
  return isListed ? id : null;
}

/**
 * Brings the highlighted row into view inside the box that scrolls the rows (the Trade screen's
 * dock, marked `data-scroll-box`); the page itself does not move.
 */
function useScrollToHighlighted(rootRef: RefObject<HTMLDivElement | null>, id: string | null) {
  useEffect(() => {
    if (id === null) return;
    const row = rootRef.current?.querySelector<HTMLElement>('tr[data-highlighted]');
    const box = row?.closest<HTMLElement>('[data-scroll-box]');
    if (!row || !box) return;
    const rowBox = row.getBoundingClientRect();
    const boxRect = box.getBoundingClientRect();
    const header = row.closest('table')?.tHead?.getBoundingClientRect().height ?? 0;
    if (rowBox.top < boxRect.top + header) box.scrollTop -= boxRect.top + header - rowBox.top;
    else if (rowBox.bottom > boxRect.bottom) box.scrollTop += rowBox.bottom - boxRect.bottom;
  }, [rootRef, id]);
}

/** The open dialog, with the live quote of its pair. */
function DialogFor({
  kind,
  order,
  pair,
  onClose,
}: {
  kind: TOrderDialogKind;
  order: TOrder;
  pair: TPair | undefined;
  onClose: () => void;
}) {
  const quote = useLiveQuote(pair);
  const props = { order, pair, quote, onClose };
  switch (kind) {
    case 'exits':
      return <EditExitsDialog {...props} />;
    case 'margin':
      return <AddMarginDialog {...props} />;
    case 'partial':
      return <PartialCloseDialog {...props} />;
    case 'close':
      return <ClosePositionDialog {...props} />;
  }
}
