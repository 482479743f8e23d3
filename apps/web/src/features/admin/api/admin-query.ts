// The back office's two ways to speak to the API: a list read a page at a time with its filters,
// and a change that, once done, refreshes what it touched.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageOf } from '@td/contracts/envelope';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api-client';

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_AUDIT_KEY = ['admin', 'audit'] as const;

interface TAdminPageRequest<TItem extends z.core.$ZodType> {
  /** What the list's queries start with (what a change refreshes). */
  queryKey: readonly string[];
  url: string;
  /** One row of the page. */
  item: TItem;
  /** The filters, sent as the query string; one left empty is not sent. */
  filters: Record<string, string | undefined>;
  page: number;
  /** A queue others fill is read again this often (ms). */
  refetchInterval?: number;
}

/**
 * GET `url?<filters>&page=&limit=` → one page of a back-office list. The page shown stays while
 * the next loads; a failure shows in the list, not as a toast.
 */
export const useAdminPage = <TItem extends z.core.$ZodType>({
  queryKey,
  url,
  item,
  filters,
  page,
  refetchInterval,
}: TAdminPageRequest<TItem>) =>
  useQuery({
    queryKey: [...queryKey, 'list', { ...filters, page }],
    queryFn: async () =>
      (
        await api.get(url, {
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

/** A change that, once done, refreshes every query under each of `queryKeys`. */
export function useRefreshingMutation<TInput, TResult>(
  queryKeys: readonly (readonly string[])[],
  run: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** An administrator's change: on success what it changed refreshes, and the audit log, which records it. */
export const useAuditedMutation = <TInput, TResult extends { message: string }>(
  queryKey: readonly string[],
  run: (input: TInput) => Promise<TResult>,
) => useRefreshingMutation([queryKey, ADMIN_AUDIT_KEY], run);
