import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TAnnouncementRequest, ZSentAnnouncement } from '@td/contracts/announcements';
import { pageOf } from '@td/contracts/envelope';
import { api } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE } from './admin-users';

export const ADMIN_ANNOUNCEMENTS_KEY = ['admin', 'announcements'] as const;

/** GET /admin/announcements?page= → sent announcements, newest first, with reach and reads. */
export const useSentAnnouncements = (page: number) =>
  useQuery({
    queryKey: [...ADMIN_ANNOUNCEMENTS_KEY, page],
    queryFn: async () =>
      (
        await api.get('/admin/announcements', {
          params: { page, limit: ADMIN_PAGE_SIZE },
          schema: pageOf(ZSentAnnouncement),
          silent: true,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

/** POST /admin/announcements → the announcement as sent (the list and the audit log refresh). */
export function useSendAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAnnouncementRequest) =>
      api.post('/admin/announcements', body, { schema: ZSentAnnouncement }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_ANNOUNCEMENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
