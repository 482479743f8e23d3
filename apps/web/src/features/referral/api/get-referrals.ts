// Reads what the referral page shows: the user's code and link, the totals, the users they referred
// (masked) and their earnings by day.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZReferralsData } from '@td/contracts/referrals';
import { api } from '../../../lib/api-client';

export const REFERRALS_QUERY_KEY = ['profile', 'referrals'] as const;

/** GET /profile/referrals → code, link, totals, the referred users (masked) and earnings by day. */
export function getReferrals() {
  return api.get('/profile/referrals', { schema: ZReferralsData, silent: true });
}

export const referralsQueryOptions = queryOptions({
  queryKey: REFERRALS_QUERY_KEY,
  queryFn: async () => (await getReferrals()).data,
  staleTime: 30_000,
});

export function useReferrals() {
  return useQuery(referralsQueryOptions);
}
