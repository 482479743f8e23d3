import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications';

/** POST /notifications/read {ids?}: those, or every notification, read. */
export function markNotificationsRead(ids?: string[]) {
  return api.post('/notifications/read', ids ? { ids } : {}, { silent: true });
}

export const useMarkNotificationsRead = () =>
  useRefreshingMutation(markNotificationsRead, [NOTIFICATIONS_QUERY_KEY]);
