// The user's unread announcements from staff, looked for again every five minutes, and marking
// one read, which takes it off the list at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAnnouncement } from '@td/contracts/announcements';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';

export const ANNOUNCEMENTS_QUERY_KEY = ['announcements'] as const;
/** Announcements are looked for again this often while the app is open (and on focus). */
const REFRESH_MS = 5 * 60_000;

/** GET /announcements → the user's unread announcements, newest first. */
export const useAnnouncements = () =>
  useQuery({
    queryKey: ANNOUNCEMENTS_QUERY_KEY,
    queryFn: async () =>
      (await api.get('/announcements', { schema: z.array(ZAnnouncement), silent: true })).data,
    refetchInterval: REFRESH_MS,
  });

/** POST /announcements/{id}/read: gone from the list at once, and for good. */
export function useMarkAnnouncementRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/announcements/${encodeURIComponent(id)}/read`, undefined, { silent: true }),
    onMutate: (id) => {
      queryClient.setQueryData<{ id: string }[]>(ANNOUNCEMENTS_QUERY_KEY, (items) =>
        items?.filter((item) => item.id !== id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_QUERY_KEY }),
  });
}
