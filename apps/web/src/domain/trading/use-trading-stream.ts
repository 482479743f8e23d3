import { useQueryClient } from '@tanstack/react-query';
import { ORDER_CODE } from '@td/contracts/statuses';
import type { TPortfolio } from '@td/contracts/trading';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { displaySymbol } from '../../lib/format-market';
import { t } from '../../lib/i18n';
import { subscribeUserEvents } from '../../lib/socket';
import { exitReasonText } from './order-labels';
import { invalidateTrading } from './order-mutations';
import { tradingKeys } from './query-keys';

/**
 * Keeps the trading queries current from the user's stream: an `order` event reloads that
 * account's orders and book; a `balance` patches its account's figures at once.
 * A position the server closed on its own (take-profit, stop-loss, liquidation) and a waiting
 * order that expired are announced.
 * Mounted by each trading screen.
 */
export function useTradingStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    return subscribeUserEvents({
      onOrder: (order) => {
        void invalidateTrading(queryClient, order.account);
        if (order.status === ORDER_CODE.done) {
          toast(
            t('orders.closedBy', { pair: displaySymbol(order.symbol), reason: exitReasonText(order.reason) }),
            {
              id: `order-exc:${order.id}`,
            },
          );
        }
        // A waiting order whose time ran out.
        if (order.status === ORDER_CODE.cancelled && order.reason === 'expired')
          toast(t('orders.expired', { pair: displaySymbol(order.symbol) }), {
            id: `order-expired:${order.id}`,
          });
      },
      // Events may have been missed: both accounts' orders and books are read again.
      onResync: () => void invalidateTrading(queryClient),
      onBalance: ({ account, ...figures }) => {
        queryClient.setQueriesData<TPortfolio>({ queryKey: tradingKeys.portfolioOf(account) }, (old) =>
          old ? { ...old, ...figures } : old,
        );
      },
    });
  }, [queryClient]);
}
