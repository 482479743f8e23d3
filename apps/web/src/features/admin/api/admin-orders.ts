import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAdminOrder } from '@td/contracts/admin';
import { pageOf } from '@td/contracts/envelope';
import type { TOrderStatus } from '@td/contracts/statuses';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { ADMIN_PAGE_SIZE } from './admin-users';

export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;

/** GET /admin/orders?q=&status=&page= (q: a symbol, an e-mail, an order or user id). */
export const useAdminOrders = (q: string, status: TOrderStatus | undefined, page: number) =>
  useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, { q, status, page }],
    queryFn: async () =>
      (
        await api.get('/admin/orders', {
          params: { ...(q ? { q } : {}), ...(status ? { status } : {}), page, limit: ADMIN_PAGE_SIZE },
          schema: pageOf(ZAdminOrder),
          silent: true,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

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

export function useUpdateAdminOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
  });
}
