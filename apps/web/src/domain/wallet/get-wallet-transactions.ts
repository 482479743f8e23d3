// Loads the wallet's deposits and withdrawals, polling while any is still in flight so
// confirmations count up on screen, and refreshing the balances when a status changes.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageOf } from '@td/contracts/envelope';
import { PAYMENT_CODE } from '@td/contracts/statuses';
import { ZWalletTransaction } from '@td/contracts/wallet';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { tradingKeys } from '../trading/query-keys';
import { type TWalletTxFilters, walletKeys } from './query-keys';

export const WALLET_TX_PAGE_SIZE = 10;
const ZWalletTxPage = pageOf(ZWalletTransaction);

/** GET /wallet/transactions: deposits and withdrawals, newest first. Silent: shown inline. */
export async function getWalletTransactions(filters: TWalletTxFilters) {
  const params: Record<string, string | number> = {
    page: filters.page ?? 1,
    limit: filters.limit ?? WALLET_TX_PAGE_SIZE,
  };
  if (filters.kind) params.kind = filters.kind;
  if (filters.network) params.network = filters.network;
  const { data } = await api.get('/wallet/transactions', { params, schema: ZWalletTxPage, silent: true });
  return data;
}

/** Statuses that still change: a deposit counting confirmations, a withdrawal on its way. */
const IN_FLIGHT = new Set<string>([
  PAYMENT_CODE.pending,
  PAYMENT_CODE.processing,
  PAYMENT_CODE.sent,
  PAYMENT_CODE.dropped,
  PAYMENT_CODE.underReview,
]);
/** How often the list is read again while anything in it is in flight. */
export const WALLET_LIVE_POLL_MS = 5000;

/**
 * Polls while something on the page is in flight, so confirmations count up on screen; with
 * `isWatching` (the deposit screen, waiting for a transfer to arrive) it polls all the time.
 */
export function useWalletTransactions(filters: TWalletTxFilters, isWatching = false) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: walletKeys.transactionsList(filters),
    queryFn: () => getWalletTransactions(filters),
    refetchInterval: (query) =>
      isWatching || query.state.data?.items.some((item) => IN_FLIGHT.has(item.status))
        ? WALLET_LIVE_POLL_MS
        : false,
    placeholderData: keepPreviousData,
  });
  // A deposit credited or a withdrawal settled moves the balance: read it again.
  const statuses = query.data?.items.map((item) => `${item.id}:${item.status}`).join(',');
  useEffect(() => {
    if (statuses !== undefined) void queryClient.invalidateQueries({ queryKey: tradingKeys.portfolios() });
  }, [statuses, queryClient]);
  return query;
}
