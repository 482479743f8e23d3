// The app's one data cache (TanStack Query) and its defaults: retry once but never after a client
// error, wait while offline, and never retry a change on its own, so orders are not sent twice.
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const STALE_TIME_MS = 30_000;
const MAX_RETRIES = 1;

/** Retry once, but never a client error: a 401 or 404 will not improve on a second try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500) {
    return false;
  }
  return failureCount < MAX_RETRIES;
}

// Queries wait while the device is offline and run once it is back. The manager learns of changes
// from the browser's online/offline events; a page opened offline (the installed app's stored
// shell) starts from what the browser says now.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      staleTime: STALE_TIME_MS,
      // Market data should catch up when the user comes back to the tab; see profileQueryOptions.
      refetchOnWindowFocus: true,
    },
    mutations: {
      // Orders and withdrawals must never be sent twice by the client on its own.
      retry: false,
    },
  },
});

/**
 * Defaults for profile-like queries: retried once (never a client error: a refused session would
 * only be asked again without one, as this tab logs out) and not refetched on window focus.
 * Spread into their queryOptions.
 */
export const profileQueryDefaults = {
  retry: shouldRetry,
  refetchOnWindowFocus: false,
} as const;
