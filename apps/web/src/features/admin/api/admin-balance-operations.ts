// The back office's calls for manual credits and debits of a user's balance: the list of
// operations, the rules the form confirms against, creating one, and approving or rejecting one.
// Each change refreshes the list, the user's balances and the audit log.
import { useQuery } from '@tanstack/react-query';
import {
  type TBalanceOperationRequest,
  type TBalanceOperationStatus,
  ZBalanceOperation,
  ZBalanceOperationRules,
} from '@td/contracts/balance-operations';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { ADMIN_AUDIT_KEY, QUEUE_REFETCH_MS, useAdminPage } from './admin-query';
import { ADMIN_USERS_KEY } from './admin-users';

export const ADMIN_BALANCE_OPERATIONS_KEY = ['admin', 'balance-operations'] as const;

/** GET /admin/balance-operations?status=&userId=&page= → "Balance operations fetched". */
export const useAdminBalanceOperations = (
  filters: { status?: TBalanceOperationStatus | undefined; userId?: string | undefined },
  page: number,
) => useAdminPage(ADMIN_BALANCE_OPERATIONS_KEY, ZBalanceOperation, filters, page, QUEUE_REFETCH_MS);

/** GET /admin/balance-operations/rules → the approval threshold, for the form's confirmation. */
export const useBalanceOperationRules = () =>
  useQuery({
    queryKey: [...ADMIN_BALANCE_OPERATIONS_KEY, 'rules'],
    queryFn: async () =>
      (await api.get('/admin/balance-operations/rules', { schema: ZBalanceOperationRules, silent: true }))
        .data,
  });

const path = (id: string, action: string) => `/admin/balance-operations/${encodeURIComponent(id)}/${action}`;

/** POST /admin/users/{id}/balance-operations `{account, kind, amount, reason}`. */
export const createBalanceOperation = ({ userId, ...body }: TBalanceOperationRequest & { userId: string }) =>
  api.post(`/admin/users/${encodeURIComponent(userId)}/balance-operations`, body, {
    schema: ZBalanceOperation,
  });
/** POST /admin/balance-operations/{id}/approve, …/reject `{reason}`. */
export const approveBalanceOperation = (id: string) => api.post(path(id, 'approve'), undefined);
export const rejectBalanceOperation = ({ id, reason }: { id: string; reason: string }) =>
  api.post(path(id, 'reject'), { reason });

/** Every operation refreshes the list, the user's page (balances) and the audit log. */
export const useBalanceOperationMutation = <TInput, TResult extends { message: string }>(
  run: (input: TInput) => Promise<TResult>,
) => useRefreshingMutation(run, [ADMIN_BALANCE_OPERATIONS_KEY, ADMIN_USERS_KEY, ADMIN_AUDIT_KEY]);
