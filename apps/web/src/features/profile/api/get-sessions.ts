import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSession } from '@td/contracts/profile';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { profileQueryDefaults } from '../../../lib/query-client';

export const SESSIONS_QUERY_KEY = ['profile', 'sessions'] as const;

/** GET /profile/sessions → the user's active sessions (device, IP, last seen, current). */
export function getSessions() {
  return api.get('/profile/sessions', { schema: z.array(ZSession) });
}

export const sessionsQueryOptions = queryOptions({
  queryKey: SESSIONS_QUERY_KEY,
  queryFn: async () => (await getSessions()).data,
  ...profileQueryDefaults,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
