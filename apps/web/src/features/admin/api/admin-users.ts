// The back office's calls for users: the searchable list, one user's page (balances, orders,
// sign-ins), changing a user's status or role, deleting a user, and clawing back a referral
// commission. Each change refreshes the users and the audit log.
import { useQuery } from '@tanstack/react-query';
import { ZAdminUser, ZAdminUserDetail } from '@td/contracts/admin';
import type { TClawbackRequest } from '@td/contracts/referrals';
import type { TRole, TUserStatus } from '@td/contracts/statuses';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useAdminPage, useAuditedMutation } from './admin-query';

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

/** GET /admin/users?q=&page= → "All users fetched successfully". */
export const useAdminUsers = (q: string, page: number) =>
  useAdminPage(ADMIN_USERS_KEY, ZAdminUser, { q }, page);

/** GET /admin/users/{id} → "User fetched": the user, balances, orders, sign-ins. */
export const getAdminUser = (id: string) =>
  api.get(`/admin/users/${encodeURIComponent(id)}`, {
    schema: ZAdminUserDetail,
    fallbackErrorMessage: t('admin.users.fetchFailed'),
  });

export const useAdminUser = (id: string) =>
  useQuery({ queryKey: [...ADMIN_USERS_KEY, 'one', id], queryFn: async () => (await getAdminUser(id)).data });

/** PUT /admin/users/{id}/status, PUT /admin/users/{id}/role, DELETE /admin/users/{id}. */
export const setUserStatus = ({ id, status }: { id: string; status: TUserStatus }) =>
  api.put(
    `/admin/users/${encodeURIComponent(id)}/status`,
    { status },
    { fallbackErrorMessage: t('admin.users.updateFailed') },
  );
export const setUserRole = ({ id, role }: { id: string; role: TRole }) =>
  api.put(
    `/admin/users/${encodeURIComponent(id)}/role`,
    { role },
    { fallbackErrorMessage: t('admin.users.updateFailed') },
  );
export const deleteUser = (id: string) =>
  api.delete(`/admin/users/${encodeURIComponent(id)}`, {
    fallbackErrorMessage: t('admin.users.deleteFailed'),
  });

/** Every user mutation refreshes the users (and the audit log). */
export const useAdminUserMutation = <TInput>(run: (input: TInput) => Promise<{ message: string }>) =>
  useAuditedMutation(ADMIN_USERS_KEY, run);

/** POST /admin/referrals/commissions/{id}/clawback `{reason}` → "Commission clawed back". */
export const clawbackCommission = ({ id, ...body }: TClawbackRequest & { id: string }) =>
  api.post(`/admin/referrals/commissions/${encodeURIComponent(id)}/clawback`, body);
