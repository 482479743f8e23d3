import { useQueryClient } from '@tanstack/react-query';
import type { TAccount } from '@td/contracts/constants';
import type { TPortfolio } from '@td/contracts/trading';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { displaySymbol } from '../format-market';
import { subscribeUserEvents } from '../socket';
import { exitReasonText } from './order-labels';
import { invalidateTrading } from './order-mutations';
import { tradingKeys } from './query-keys';

/**
 * Keeps the trading queries current from the user's stream: an `order` event reloads that
 * account's orders and book; the `balance` that follows it patches the book's figures at once.
 * A position the server closed on its own (take-profit, stop-loss, liquidation) is announced.
 * Mounted by each trading screen.
 */
export function useTradingStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // `balance` carries no account: it is the book of the order event just before it.
    let lastAccount: TAccount | undefined;
    return subscribeUserEvents({
      onOrder: (order) => {
        lastAccount = order.account;
        void invalidateTrading(queryClient, order.account);
        if (order.status === 'exc') {
          toast(`${displaySymbol(order.symbol)} closed: ${exitReasonText(order.reason)}`, {
            id: `order-exc:${order.id}`,
          });
        }
      },
      onBalance: (balance) => {
        if (!lastAccount) return;
        queryClient.setQueriesData<TPortfolio>({ queryKey: tradingKeys.portfolioOf(lastAccount) }, (old) =>
          old ? { ...old, ...balance } : old,
        );
      },
    });
  }, [queryClient]);
}
