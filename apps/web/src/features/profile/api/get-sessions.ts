// Reads the user's active sessions (device, IP, last seen, which one is this browser) for the
// security screen's sessions card.
import { useQuery } from '@tanstack/react-query';
import { ZSession } from '@td/contracts/profile';
import { listQueryOptions } from './list-query';

export const SESSIONS_QUERY_KEY = ['profile', 'sessions'] as const;

/** GET /profile/sessions → the user's active sessions (device, IP, last seen, current). */
export const sessionsQueryOptions = listQueryOptions(SESSIONS_QUERY_KEY, '/profile/sessions', ZSession);

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
