// The back office's two ways to speak to the API: a list read a page at a time with its filters,
// and an administrator's change, which once done refreshes what it touched and the audit log.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf } from '@td/contracts/envelope';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_AUDIT_KEY = ['admin', 'audit'] as const;

/** A queue others fill (reviews, tickets) is read again this often while it is shown. */
export const QUEUE_REFETCH_MS = 30_000;

/**
 * GET `/<queryKey's segments>?<filters>&page=&limit=` → one page of a back-office list, whose path
 * is its key (`['admin', 'kyc']`: /admin/kyc), so a change refreshing the key refreshes the list.
 * A filter left empty is not sent. The page shown stays while the next loads; a failure shows in
 * the list, not as a toast.
 */
export const useAdminPage = <TItem extends z.core.$ZodType>(
  queryKey: readonly string[],
  item: TItem,
  filters: Record<string, string | undefined>,
  page: number,
  refetchInterval?: number,
) =>
  useQuery({
    queryKey: [...queryKey, 'list', { ...filters, page }],
    queryFn: async () =>
      (
        await api.get(`/${queryKey.join('/')}`, {
          params: {
            ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)),
            page,
            limit: ADMIN_PAGE_SIZE,
          },
          schema: pageOf(item),
          silent: true,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval,
  });

/** An administrator's change: on success what it changed refreshes, and the audit log, which records it. */
export const useAuditedMutation = <TInput, TResult extends { message: string }>(
  queryKey: readonly string[],
  run: (input: TInput) => Promise<TResult>,
) => useRefreshingMutation(run, [queryKey, ADMIN_AUDIT_KEY]);
