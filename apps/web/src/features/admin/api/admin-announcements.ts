// The back office's calls for announcements to users: the announcements already sent, with how
// many users they reached and how many read them, and the sending of a new one.
import { type TAnnouncementRequest, ZSentAnnouncement } from '@td/contracts/announcements';
import { api } from '../../../lib/api-client';
import { useAdminPage, useAuditedMutation } from './admin-query';

export const ADMIN_ANNOUNCEMENTS_KEY = ['admin', 'announcements'] as const;

/** GET /admin/announcements?page= → sent announcements, newest first, with reach and reads. */
export const useSentAnnouncements = (page: number) =>
  useAdminPage(ADMIN_ANNOUNCEMENTS_KEY, ZSentAnnouncement, {}, page);

/** POST /admin/announcements → the announcement as sent (the list and the audit log refresh). */
export const useSendAnnouncement = () =>
  useAuditedMutation(ADMIN_ANNOUNCEMENTS_KEY, (body: TAnnouncementRequest) =>
    api.post('/admin/announcements', body, { schema: ZSentAnnouncement }),
  );
