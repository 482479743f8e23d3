import type { TAdminOrder } from '@td/contracts/admin';
import { ORDER_CODE, ORDER_STATUS, type TOrderStatus, ZOrderStatus } from '@td/contracts/statuses';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import type { TColumn } from '../../../components/data-table';
import { Dialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import { IconCandles } from '../../../components/icons';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { usePairs } from '../../../domain/market/get-pairs';
import { OrderStatusBadge } from '../../../domain/trading/components/order-status-badge';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { displayPair, displaySymbol, formatGivenPrice } from '../../../lib/format-market';
import { useAdminOrders, useUpdateAdminOrder } from '../api/admin-orders';
import styles from './admin.module.css';
import { AdminList, ListSearch, useListFilters } from './admin-list';

/** TP/SL of one live order; empty clears it. */
function ExitsDialog({ order, onClose }: { order: TAdminOrder; onClose: () => void }) {
  const update = useUpdateAdminOrder();
  const [takeProfit, setTakeProfit] = useState(order.takeProfit ?? '');
  const [stopLoss, setStopLoss] = useState(order.stopLoss ?? '');
  const onSubmit = async () => {
    try {
      const result = await update.mutateAsync({
        id: order.id,
        takeProfit: takeProfit.trim() || null,
        stopLoss: stopLoss.trim() || null,
      });
      toast.success(result.message);
      onClose();
    } catch {
      // The api client has shown the error.
    }
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`TP/SL of ${displaySymbol(order.symbol)}`}
      description={`${order.side === 'buy' ? 'Buy' : 'Sell'} ${formatMoney(order.amount, 2)} USD at ${formatGivenPrice(order.price)} for ${order.userEmail}`}
      onSubmit={() => void onSubmit()}
      testId="order-exits-dialog"
      footer={
        <>
          <Button variant="ghost" type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" isLoading={update.isPending}>
            Save
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <TextField
          label="Take profit"
          inputMode="decimal"
          value={takeProfit}
          onChange={(event) => setTakeProfit(event.target.value)}
        />
        <TextField
          label="Stop loss"
          inputMode="decimal"
          value={stopLoss}
          onChange={(event) => setStopLoss(event.target.value)}
        />
      </div>
    </Dialog>
  );
}

/** Every user's orders, searched by pair, e-mail or id; TP/SL of a live one can be changed. */
export function AdminOrdersScreen() {
  const list = useListFilters<{ q: string; status: TOrderStatus | '' }>({ q: '', status: '' });
  const { q, status } = list.filters;
  const [editing, setEditing] = useState<TAdminOrder | null>(null);
  // A pair is typed as it is shown ("BTC/USD") and searched by its symbol.
  const pairs = usePairs();
  const typed = q.trim().toLowerCase();
  const symbol = pairs.data?.find(
    (pair) => displayPair(pair.base, pair.quote).toLowerCase() === typed,
  )?.symbol;
  const query = useAdminOrders(symbol ?? q.trim(), status || undefined, list.page);

  const columns: TColumn<TAdminOrder>[] = [
    {
      key: 'pair',
      header: 'Order',
      isPrimary: true,
      cell: (order) => (
        <span className={styles.strong}>
          {displaySymbol(order.symbol)}
          <span className={styles.sub}>{order.userEmail}</span>
        </span>
      ),
    },
    { key: 'account', header: 'Account', cell: (order) => (order.account === 'demo' ? 'Demo' : 'Real') },
    {
      key: 'side',
      header: 'Side',
      cell: (order) => `${order.side === 'buy' ? 'Buy' : 'Sell'} ×${order.leverage}`,
    },
    { key: 'amount', header: 'Amount (USD)', align: 'end', cell: (order) => formatMoney(order.amount, 2) },
    {
      key: 'price',
      header: 'Price',
      align: 'end',
      cell: (order) => <span className="tabular">{formatGivenPrice(order.price)}</span>,
    },
    {
      key: 'exits',
      header: 'TP / SL',
      align: 'end',
      cell: (order) => (
        <span className="tabular">
          {order.takeProfit ? formatGivenPrice(order.takeProfit) : '—'} /{' '}
          {order.stopLoss ? formatGivenPrice(order.stopLoss) : '—'}
        </span>
      ),
    },
    {
      key: 'date',
      header: 'Placed',
      cell: (order) => <span className="tabular">{formatDateTime(order.createdAt)}</span>,
    },
    { key: 'status', header: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    {
      key: 'edit',
      header: '',
      align: 'end',
      cell: (order) =>
        order.status === ORDER_CODE.active || order.status === ORDER_CODE.pending ? (
          <Button size="sm" variant="secondary" onClick={() => setEditing(order)}>
            Edit TP/SL
          </Button>
        ) : null,
    },
  ];

  return (
    <AdminList
      list={list}
      toolbar={
        <>
          <ListSearch
            label="Search orders"
            placeholder="Pair (BTC/USD), e-mail, order or user id"
            value={q}
            onChange={(value) => list.setFilter('q', value)}
          />
          <SelectField
            label="Status"
            value={status}
            className={styles.filter}
            options={[
              { value: '', label: 'All statuses' },
              ...(Object.keys(ORDER_STATUS) as TOrderStatus[]).map((value) => ({
                value,
                label: ORDER_STATUS[value],
              })),
            ]}
            onChange={(event) => {
              const parsed = ZOrderStatus.safeParse(event.target.value);
              list.setFilter('status', parsed.success ? parsed.data : '');
            }}
          />
        </>
      }
      caption="Orders"
      columns={columns}
      empty={<EmptyState icon={<IconCandles size={24} />} title="No order matches." />}
      query={query}
      noun="orders"
    >
      {editing ? <ExitsDialog order={editing} onClose={() => setEditing(null)} /> : null}
    </AdminList>
  );
}
