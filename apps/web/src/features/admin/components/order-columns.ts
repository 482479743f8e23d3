import type { TOrder } from '@td/contracts/trading';
import type { TColumn } from '../../../components/data-table';
import { accountLabel } from '../../../domain/trading/components/account-switch';
import { sideLabel } from '../../../domain/trading/order-labels';
import { formatMoney } from '../../../lib/format';
import type { useT } from '../../../lib/i18n';

/** An order's account, side with leverage and amount: the columns every back-office order list has. */
export const orderTermColumns = <TRow extends TOrder>(t: ReturnType<typeof useT>): TColumn<TRow>[] => [
  {
    key: 'account',
    header: t('admin.column.account'),
    cell: (order) => accountLabel(order.account),
  },
  {
    key: 'side',
    header: t('admin.column.side'),
    cell: (order) => `${sideLabel(order.side)} ×${order.leverage}`,
  },
  {
    key: 'amount',
    header: t('admin.column.amountUsd'),
    align: 'end',
    cell: (order) => formatMoney(order.amount, 2),
  },
];
