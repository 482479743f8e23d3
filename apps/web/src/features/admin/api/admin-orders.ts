// The back office's calls for traders' orders: the list, searched by symbol, e-mail or id and
// filtered by status, and an administrator's change of an order's take-profit and stop-loss.
import { ZAdminOrder } from '@td/contracts/admin';
import type { TOrderStatus } from '@td/contracts/statuses';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { useAdminPage } from './admin-query';

export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;

/** GET /admin/orders?q=&status=&page= (q: a symbol, an e-mail, an order or user id). */
export const useAdminOrders = (q: string, status: TOrderStatus | undefined, page: number) =>
  useAdminPage(ADMIN_ORDERS_KEY, ZAdminOrder, { q, status }, page);

/** PUT /admin/orders/{id} {takeProfit?, stopLoss?} → "Order updated successfully". */
export const updateAdminOrder = ({
  id,
  ...body
}: {
  id: string;
  takeProfit?: string | null;
  stopLoss?: string | null;
}) =>
  api.put(`/admin/orders/${encodeURIComponent(id)}`, body, {
    schema: ZAdminOrder,
    fallbackErrorMessage: t('admin.orders.updateFailed'),
  });

export const useUpdateAdminOrder = () => useRefreshingMutation(updateAdminOrder, [ADMIN_ORDERS_KEY]);
