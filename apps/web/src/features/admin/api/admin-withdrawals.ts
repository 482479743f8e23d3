// The back office's calls for withdrawals: the queue filtered by status, and the decisions on one
// (approve, reject with a reason, mark sent with its transaction hash), each audited.
import type { TPaymentStatus } from '@td/contracts/statuses';
import { type TMarkSentRequest, type TRejectWithdrawalRequest, ZAdminWithdrawal } from '@td/contracts/wallet';
import { api } from '../../../lib/api-client';
import { QUEUE_REFETCH_MS, useAdminPage, useAuditedMutation } from './admin-query';

export const ADMIN_WITHDRAWALS_KEY = ['admin', 'withdrawals'] as const;

/** GET /admin/withdrawals?status=&page= → "Withdrawals fetched successfully". */
export const useAdminWithdrawals = (status: TPaymentStatus | undefined, page: number) =>
  useAdminPage(ADMIN_WITHDRAWALS_KEY, ZAdminWithdrawal, { status }, page, QUEUE_REFETCH_MS);

const path = (id: string, action: string) => `/admin/withdrawals/${encodeURIComponent(id)}/${action}`;

/** POST /admin/withdrawals/{id}/approve, …/reject `{reason}`, …/mark-sent `{txHash}`. */
export const approveWithdrawal = (id: string) => api.post(path(id, 'approve'), undefined);
export const rejectWithdrawal = ({ id, ...body }: TRejectWithdrawalRequest & { id: string }) =>
  api.post(path(id, 'reject'), body);
export const markWithdrawalSent = ({ id, ...body }: TMarkSentRequest & { id: string }) =>
  api.post(path(id, 'mark-sent'), body);

/** Every decision refreshes the queue (and the audit log). */
export const useAdminWithdrawalMutation = <TInput>(run: (input: TInput) => Promise<{ message: string }>) =>
  useAuditedMutation(ADMIN_WITHDRAWALS_KEY, run);
