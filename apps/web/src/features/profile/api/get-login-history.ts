// Reads the account's sign-in history for the security screen a page at a time (time, IP, device,
// outcome), keeping the current page on screen while the next one loads.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf } from '@td/contracts/envelope';
import { ZLoginEvent } from '@td/contracts/profile';
import { api } from '../../../lib/api-client';
import { profileQueryDefaults } from '../../../lib/query-client';

export const LOGIN_HISTORY_PAGE_SIZE = 10;
export const LOGIN_HISTORY_QUERY_KEY = ['profile', 'logins'] as const;

const ZLoginHistoryPage = pageOf(ZLoginEvent);

/** GET /profile/logins?page=&limit= → a page of sign-in attempts (time, IP, device, outcome). */
export function getLoginHistory(page: number, limit: number) {
  return api.get('/profile/logins', { params: { page, limit }, schema: ZLoginHistoryPage });
}

export const loginHistoryQueryOptions = (page: number, limit = LOGIN_HISTORY_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...LOGIN_HISTORY_QUERY_KEY, { page, limit }],
    queryFn: async () => (await getLoginHistory(page, limit)).data,
    ...profileQueryDefaults,
    // The current page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useLoginHistory(page: number) {
  return useQuery(loginHistoryQueryOptions(page));
}
