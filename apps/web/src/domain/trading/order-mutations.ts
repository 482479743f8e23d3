import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAccount } from '@td/contracts/constants';
import { ORDER_CODE } from '@td/contracts/statuses';
import { type TOrder, type TPlaceOrderRequest, ZOrder, ZPortfolio } from '@td/contracts/trading';
import toast from 'react-hot-toast';
import { api } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import { useNewPositionStore } from './new-position-store';
import { tradingKeys } from './query-keys';
import { formatResult } from './trading-math';

// Every call that changes an order or a book, with its invalidations. The server's message is the
// toast (the server's `message`): 'Order updated successfully', 'Margin added successfully', ...; failures toast
// the server's message through the api client, with the product's wording as the fallback.

/** The toast of a failed change to an order when the server gives no message. */
const updateFailed = () => t('trade.order.updateFailed');

/** Orders and the book of `account` changed: every list and portfolio of it loads again. */
export function invalidateTrading(queryClient: QueryClient, account?: TAccount): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tradingKeys.orders() }),
    queryClient.invalidateQueries({
      queryKey: account ? tradingKeys.portfolioOf(account) : tradingKeys.portfolios(),
    }),
  ]).then(() => undefined);
}

/** POST /orders. A business rejection is a 201 too, with `status: 'rvt'`: the caller toasts it. */
export async function placeOrder(request: TPlaceOrderRequest) {
  return api.post('/orders', request, { schema: ZOrder, fallbackErrorMessage: t('trade.order.failed') });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: ({ message, data }) => {
      if (data.status === ORDER_CODE.rejected) toast.error(message, { id: `order:${data.id}` });
      else toast.success(message, { id: `order:${data.id}` });
      // Filled at once (a market order): its row in the positions stands out for a moment.
      if (data.status === ORDER_CODE.active) useNewPositionStore.getState().mark(data.id);
    },
    onSettled: (_result, _error, request) => invalidateTrading(queryClient, request.account),
  });
}

interface TOrderChange {
  order: TOrder;
  /** The caller says what happened itself (a drag on the chart, with its undo): no toast here. */
  isQuiet?: boolean;
}

/** A mutation on one order: toasts the server's message and reloads that account's orders and book. */
function useOrderMutation<TVariables extends TOrderChange>(
  call: (variables: TVariables) => Promise<{ message: string; data: TOrder }>,
  /** The toast's own words from the changed order, in place of the server's message. */
  messageOf?: (order: TOrder) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ message, data }, variables) => {
      if (!variables.isQuiet) toast.success(messageOf ? messageOf(data) : message);
    },
    onSettled: (_result, _error, variables) => invalidateTrading(queryClient, variables.order.account),
  });
}

export interface TUpdateOrderVariables extends TOrderChange {
  /** Only the fields to change; null clears a take-profit or stop-loss. */
  changes: {
    takeProfit?: string | null;
    stopLoss?: string | null;
    price?: string;
    stopPrice?: string;
    trailingStop?: string | null;
  };
}

/** PUT /orders/{id} → 'Order updated successfully'. */
export function useUpdateOrder() {
  return useOrderMutation(({ order, changes }: TUpdateOrderVariables) =>
    api.put(`/orders/${order.id}`, changes, { schema: ZOrder, fallbackErrorMessage: updateFailed() }),
  );
}

/** POST /orders/{id}/margin → 'Margin added successfully'. */
export function useAddMargin() {
  return useOrderMutation(({ order, amount }: TOrderChange & { amount: string }) =>
    api.post(
      `/orders/${order.id}/margin`,
      { amount },
      { schema: ZOrder, fallbackErrorMessage: updateFailed() },
    ),
  );
}

/** POST /orders/{id}/close → the closed order (status mcl); the toast tells its realised result. */
export function useCloseOrder() {
  return useOrderMutation(
    ({ order }: TOrderChange) =>
      api.post(`/orders/${order.id}/close`, undefined, {
        schema: ZOrder,
        fallbackErrorMessage: updateFailed(),
      }),
    (closed) => t('orders.closedWith', { result: formatResult(closed.pnl) }),
  );
}

/** POST /orders/{id}/partial-close → the remaining position; the closed part is its own mcl order. */
export function usePartialClose() {
  return useOrderMutation(({ order, amount }: TOrderChange & { amount: string }) =>
    api.post(
      `/orders/${order.id}/partial-close`,
      { amount },
      { schema: ZOrder, fallbackErrorMessage: updateFailed() },
    ),
  );
}

/** DELETE /orders/{id} → the cancelled pending order (status cnl). */
export function useCancelOrder() {
  return useOrderMutation(({ order }: TOrderChange) =>
    api.delete(`/orders/${order.id}`, { schema: ZOrder, fallbackErrorMessage: updateFailed() }),
  );
}

/** POST /portfolio/demo/reset → the demo book back to its start balance, its positions closed. */
export function useResetDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/portfolio/demo/reset', undefined, { schema: ZPortfolio }),
    onSuccess: ({ message }) => {
      toast.success(message);
    },
    onSettled: () => invalidateTrading(queryClient, 'demo'),
  });
}
