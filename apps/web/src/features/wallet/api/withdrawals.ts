import { useMutation } from '@tanstack/react-query';
import {
  type TConfirmWithdrawalRequest,
  type TWithdrawRequest,
  ZWalletTransaction,
  ZWithdrawalQuote,
} from '@td/contracts/wallet';
import { z } from 'zod/mini';
import { tradingKeys } from '../../../domain/trading/query-keys';
import { walletKeys } from '../../../domain/wallet/query-keys';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

// The three steps of a withdrawal, one call each, plus cancelling it.

/** Step 1 — POST /wallet/withdrawals: checked and priced; the Review Details step shows it. */
export const createWithdrawal = (body: TWithdrawRequest) =>
  api.post('/wallet/withdrawals', body, { schema: ZWithdrawalQuote, silent: true });

/** Step 2 confirmed — the 6-digit code is e-mailed. Errors show in the form (an expired quote re-quotes). */
export const requestWithdrawalCode = (id: string) =>
  api.post(`/wallet/withdrawals/${id}/request-code`, undefined, { schema: z.null(), silent: true });

/** Step 3 — the codes; the funds are held and the withdrawal goes on or to review. */
export const confirmWithdrawal = ({ id, ...body }: TConfirmWithdrawalRequest & { id: string }) =>
  api.post(`/wallet/withdrawals/${id}/confirm`, body, { schema: ZWalletTransaction, silent: true });

export const cancelWithdrawal = (id: string) =>
  api.post(`/wallet/withdrawals/${id}/cancel`, undefined, { schema: ZWalletTransaction });

/** A confirmed or cancelled withdrawal moves funds: the balances refresh, the step does not wait for them. */
const BALANCE_KEYS = [walletKeys.all, tradingKeys.portfolios()];
const NOT_AWAITED = { isRefreshAwaited: false };

export const useCreateWithdrawal = () => useMutation({ mutationFn: createWithdrawal });
export const useRequestWithdrawalCode = () => useMutation({ mutationFn: requestWithdrawalCode });
export const useConfirmWithdrawal = () => useRefreshingMutation(confirmWithdrawal, BALANCE_KEYS, NOT_AWAITED);
export const useCancelWithdrawal = () => useRefreshingMutation(cancelWithdrawal, BALANCE_KEYS, NOT_AWAITED);
