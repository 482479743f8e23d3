// The table of an account's open positions or pending orders, with their actions (edit exits, add
// margin, partial close, close; edit or cancel) and live prices and PnL. Shared by the Trade and
// Portfolio tabs.
import type { TPair } from '@td/contracts/market';
import type { TOrder } from '@td/contracts/trading';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { displaySymbol, formatPrice } from '../../../lib/format-market';
import { type TMessageKey, useT } from '../../../lib/i18n';
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

/** A row's button: its short words show; the long ones, naming the order, are its label. */
interface TRowAction {
  variant: 'ghost' | 'secondary';
  label: TMessageKey;
  short: TMessageKey;
}

/** A position's buttons in their order, each with the dialog it opens. */
const POSITION_ACTIONS: readonly (TRowAction & { dialog: TOrderDialogKind })[] = [
  { dialog: 'exits', variant: 'ghost', label: 'orders.action.exits', short: 'orders.action.exitsShort' },
  { dialog: 'margin', variant: 'ghost', label: 'orders.action.margin', short: 'orders.action.marginShort' },
  {
    dialog: 'partial',
    variant: 'ghost',
    label: 'orders.action.partial',
    short: 'orders.action.partialShort',
  },
  { dialog: 'close', variant: 'secondary', label: 'orders.action.close', short: 'orders.action.closeShort' },
];
const EDIT_PENDING: TRowAction = {
  variant: 'secondary',
  label: 'orders.action.edit',
  short: 'orders.action.editShort',
};
const CANCEL_PENDING: TRowAction = {
  variant: 'ghost',
  label: 'orders.action.cancel',
  short: 'orders.action.cancelShort',
};

function RowButton({
  row,
  action,
  onClick,
  isLoading = false,
}: {
  row: TRow;
  action: TRowAction;
  onClick: () => void;
  isLoading?: boolean;
}) {
  const t = useT();
  const order = `${displaySymbol(row.order.symbol)} ${sideLabel(row.order.side).toLowerCase()}`;
  return (
    <Button
      size="sm"
      variant={action.variant}
      onClick={onClick}
      isLoading={isLoading}
      aria-label={t(action.label, { order })}
    >
      {t(action.short)}
    </Button>
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

  // Inline buttons rather than a menu: a menu would be clipped by the table's scroll box, and
  // every action stays one Tab stop away.
  const positionActions = (row: TRow) => (
    <span className={styles.actions}>
      {POSITION_ACTIONS.map((action) => (
        <RowButton key={action.dialog} row={row} action={action} onClick={() => open(action.dialog, row)} />
      ))}
    </span>
  );

  const pendingActions = (row: TRow) => (
    <span className={styles.actions}>
      <RowButton row={row} action={EDIT_PENDING} onClick={() => open('exits', row)} />
      <RowButton
        row={row}
        action={CANCEL_PENDING}
        onClick={() => cancel.mutate({ order: row.order })}
        isLoading={cancel.isPending && cancel.variables?.order.id === row.order.id}
      />
    </span>
  );

  // The columns both lists show, in the same words and alignment.
  const pairColumn: TColumn<TRow> = {
    key: 'pair',
    header: t('orders.col.pair'),
    isPrimary: true,
    cell: (row) => <PairCell order={row.order} />,
  };
  const amountColumn: TColumn<TRow> = {
    key: 'amount',
    header: t('orders.col.amount'),
    align: 'end',
    cell: (row) => formatMoney(row.order.amount, 2),
  };
  const markColumn: TColumn<TRow> = {
    key: 'mark',
    header: t('orders.col.mark'),
    align: 'end',
    cell: (row) => <MarkPrice row={row} />,
  };
  const exitsColumn: TColumn<TRow> = {
    key: 'exits',
    header: t('orders.col.exits'),
    align: 'end',
    cell: (row) => <Exits row={row} />,
  };
  const marginColumn: TColumn<TRow> = {
    key: 'margin',
    header: t('orders.col.margin'),
    align: 'end',
    cell: (row) => formatMoney(row.order.margin, 2),
  };
  const priceColumn = (
    key: string,
    header: string,
    price: (order: TOrder) => string | null,
  ): TColumn<TRow> => ({
    key,
    header,
    align: 'end',
    cell: (row) => formatPrice(price(row.order), precisionOf(row.pair)),
  });

  const columns: TColumn<TRow>[] =
    kind === 'positions'
      ? [
          pairColumn,
          amountColumn,
          priceColumn('entry', t('orders.col.entry'), (order) => order.price),
          markColumn,
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
          exitsColumn,
          marginColumn,
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
          pairColumn,
          amountColumn,
          { key: 'type', header: t('orders.col.type'), cell: (row) => orderTypeLabel(row.order.type) },
          priceColumn('stop', t('orders.col.stopPrice'), (order) => order.stopPrice),
          priceColumn('limit', t('orders.col.limit'), (order) => order.price),
          markColumn,
          exitsColumn,
          marginColumn,
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
