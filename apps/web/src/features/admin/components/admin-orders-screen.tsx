import type { TAdminOrder } from '@td/contracts/admin';
import { ORDER_CODE, ORDER_STATUS, type TOrderStatus, ZOrderStatus } from '@td/contracts/statuses';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { IconCandles } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { dateTimeColumn, type TColumn } from '../../../components/data-table';
import { FormDialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { usePairs } from '../../../domain/market/get-pairs';
import { OrderStatusBadge } from '../../../domain/trading/components/order-status-badge';
import { formatMoney } from '../../../lib/format';
import { displayPair, displaySymbol, formatGivenPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { orderStatusText } from '../../../lib/labels';
import { useAdminOrders, useUpdateAdminOrder } from '../api/admin-orders';
import styles from './admin.module.css';
import { NameCell } from './admin-cells';
import { AdminList, ListSearch, useListFilters } from './admin-list';
import { orderTermColumns } from './order-columns';

/** TP/SL of one live order; empty clears it. */
function ExitsDialog({ order, onClose }: { order: TAdminOrder; onClose: () => void }) {
  const t = useT();
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
    <FormDialog
      isOpen
      onClose={onClose}
      title={t('admin.orders.exitsTitle', { symbol: displaySymbol(order.symbol) })}
      description={t(order.side === 'buy' ? 'admin.orders.exitsBuy' : 'admin.orders.exitsSell', {
        amount: formatMoney(order.amount, 2),
        price: formatGivenPrice(order.price),
        email: order.userEmail,
      })}
      onSubmit={() => void onSubmit()}
      testId="order-exits-dialog"
      submitLabel={t('common.save')}
      isPending={update.isPending}
    >
      <div className={styles.form}>
        <TextField
          label={t('admin.orders.takeProfit')}
          inputMode="decimal"
          value={takeProfit}
          onChange={(event) => setTakeProfit(event.target.value)}
        />
        <TextField
          label={t('admin.orders.stopLoss')}
          inputMode="decimal"
          value={stopLoss}
          onChange={(event) => setStopLoss(event.target.value)}
        />
      </div>
    </FormDialog>
  );
}

/** Every user's orders, searched by pair, e-mail or id; TP/SL of a live one can be changed. */
export function AdminOrdersScreen() {
  const t = useT();
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
      header: t('admin.orders.order'),
      isPrimary: true,
      cell: (order) => <NameCell sub={order.userEmail}>{displaySymbol(order.symbol)}</NameCell>,
    },
    ...orderTermColumns<TAdminOrder>(t),
    {
      key: 'price',
      header: t('admin.orders.price'),
      align: 'end',
      cell: (order) => <span className="tabular">{formatGivenPrice(order.price)}</span>,
    },
    {
      key: 'exits',
      header: t('admin.orders.exitsHeader'),
      align: 'end',
      cell: (order) => (
        <span className="tabular">
          {order.takeProfit ? formatGivenPrice(order.takeProfit) : '—'} /{' '}
          {order.stopLoss ? formatGivenPrice(order.stopLoss) : '—'}
        </span>
      ),
    },
    dateTimeColumn('date', t('admin.orders.placed'), (order) => order.createdAt),
    {
      key: 'status',
      header: t('admin.column.status'),
      cell: (order) => <OrderStatusBadge status={order.status} />,
    },
    {
      key: 'edit',
      header: '',
      align: 'end',
      cell: (order) =>
        order.status === ORDER_CODE.active || order.status === ORDER_CODE.pending ? (
          <Button size="sm" variant="secondary" onClick={() => setEditing(order)}>
            {t('admin.orders.editExits')}
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
            label={t('admin.orders.search')}
            placeholder={t('admin.orders.searchHint')}
            value={q}
            onChange={(value) => list.setFilter('q', value)}
          />
          <SelectField
            label={t('admin.column.status')}
            value={status}
            className={styles.filter}
            options={[
              { value: '', label: t('admin.orders.allStatuses') },
              ...(Object.keys(ORDER_STATUS) as TOrderStatus[]).map((value) => ({
                value,
                label: orderStatusText(value),
              })),
            ]}
            onChange={(event) => {
              const parsed = ZOrderStatus.safeParse(event.target.value);
              list.setFilter('status', parsed.success ? parsed.data : '');
            }}
          />
        </>
      }
      caption={t('admin.title.orders')}
      columns={columns}
      empty={<EmptyState icon={<IconCandles size={24} />} title={t('admin.orders.empty')} />}
      query={query}
      noun={t('admin.orders.noun')}
      errorTitle={t('admin.orders.loadError')}
    >
      {editing ? <ExitsDialog order={editing} onClose={() => setEditing(null)} /> : null}
    </AdminList>
  );
}
