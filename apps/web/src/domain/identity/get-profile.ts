import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUser } from '@td/contracts/profile';
import { api } from '../../lib/api-client';
import { profileQueryDefaults } from '../../lib/query-client';
import { useHasToken } from '../../lib/use-has-token';

/** The signed-in user. Mutations that change the user invalidate exactly this key. */
export const PROFILE_QUERY_KEY = ['profile', 'me'] as const;

/** GET /profile → "User fetched successfully", the user. */
export function getProfile() {
  return api.get('/profile', { schema: ZUser, fallbackErrorMessage: 'User fetch failed' });
}

// Retried once, not refetched on window focus.
export const profileQueryOptions = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: async () => (await getProfile()).data,
  ...profileQueryDefaults,
});

/** The user, fetched while a session token is stored (so a logout does not ask for it again). */
export function useProfile() {
  const hasToken = useHasToken();
  return useQuery({ ...profileQueryOptions, enabled: hasToken });
}
