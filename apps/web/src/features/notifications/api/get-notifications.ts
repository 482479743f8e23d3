// Reads the notification centre a page at a time (newest first, with the unread count). The live
// stream's events refresh it at once; polling once a minute is only the fallback while it is down.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZNotificationsData } from '@td/contracts/notifications';
import { api } from '../../../lib/api-client';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
/** A safety net while the stream is down: the stream's events refresh it at once otherwise. */
const POLL_MS = 60_000;

/** GET /notifications?page=&limit= → the centre, newest first, with the unread count. */
export function getNotifications(page: number, limit: number) {
  return api.get('/notifications', { params: { page, limit }, schema: ZNotificationsData, silent: true });
}

export const notificationsQueryOptions = (page = 1, limit = 20) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, { page, limit }],
    queryFn: async () => (await getNotifications(page, limit)).data,
    refetchInterval: POLL_MS,
  });

export function useNotifications(page = 1, limit = 20) {
  return useQuery(notificationsQueryOptions(page, limit));
}
