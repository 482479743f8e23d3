import { ZAnnouncement, ZAnnouncementRequest, ZSentAnnouncement } from '@td/contracts/announcements';
import { pageOf, successEnvelope, ZPageQuery } from '@td/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { adminRoute, userRoute } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import type { AnnouncementsService } from './announcements.service';

const params = z.object({ id: z.uuid('Not an announcement id') });

/** Staff send announcements and see whom they reached; each user reads their unread ones. */
export function announcementsRoutes(deps: { announcements: AnnouncementsService }): FastifyPluginAsyncZod {
  const { announcements } = deps;
  return async (app) => {
    app.post(
      '/admin/announcements',
      adminRoute('announcements', {
        body: ZAnnouncementRequest,
        response: { 200: successEnvelope(ZSentAnnouncement) },
      }),
      async (request) =>
        ok('Announcement sent', await announcements.send(authOf(request).user, request.body)),
    );
    app.get(
      '/admin/announcements',
      adminRoute('announcements', {
        querystring: ZPageQuery,
        response: { 200: successEnvelope(pageOf(ZSentAnnouncement)) },
      }),
      async (request) =>
        ok('Announcements fetched', await announcements.list(request.query.page, request.query.limit)),
    );
    app.get(
      '/announcements',
      userRoute({ response: { 200: successEnvelope(z.array(ZAnnouncement)) } }),
      async (request) => ok('Announcements fetched', await announcements.unread(authOf(request).user.id)),
    );
    app.post(
      '/announcements/:id/read',
      userRoute({ params, response: { 200: successEnvelope(z.object({ id: z.string() })) } }),
      async (request) => {
        await announcements.markRead(authOf(request).user.id, request.params.id);
        return ok('Announcement marked as read', { id: request.params.id });
      },
    );
  };
}
