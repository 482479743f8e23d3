// HTTP routes for announcements: staff send them and list what was sent with its reach; each user
// reads their own unread ones and marks them read.
import { ZAnnouncement, ZAnnouncementRequest, ZSentAnnouncement } from '@td/contracts/announcements';
import { pageOf, ZPageQuery } from '@td/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAnswer, userAnswer } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import { listOwnRoute } from '../auth/own-routes';
import type { AnnouncementsService } from './announcements.service';

const params = z.object({ id: z.uuid('Not an announcement id') });

/** Staff send announcements and see whom they reached; each user reads their unread ones. */
export function announcementsRoutes(deps: { announcements: AnnouncementsService }): FastifyPluginAsyncZod {
  const { announcements } = deps;
  return async (app) => {
    app.post(
      '/admin/announcements',
      adminAnswer(
        'announcements',
        { body: ZAnnouncementRequest, data: ZSentAnnouncement },
        'Announcement sent',
        (request) => announcements.send(authOf(request).user, request.body),
      ),
    );
    app.get(
      '/admin/announcements',
      adminAnswer(
        'announcements',
        { querystring: ZPageQuery, data: pageOf(ZSentAnnouncement) },
        'Announcements fetched',
        (request) => announcements.list(request.query.page, request.query.limit),
      ),
    );
    app.get(
      '/announcements',
      listOwnRoute(ZAnnouncement, 'Announcements fetched', (userId) => announcements.unread(userId)),
    );
    app.post(
      '/announcements/:id/read',
      userAnswer(
        { params, data: z.object({ id: z.string() }) },
        'Announcement marked as read',
        async (request) => {
          await announcements.markRead(authOf(request).user.id, request.params.id);
          return { id: request.params.id };
        },
      ),
    );
  };
}
