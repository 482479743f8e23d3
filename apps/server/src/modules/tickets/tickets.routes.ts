// HTTP routes of a signed-in user's support tickets: list, open, read, reply and close, image
// uploads, and serving those images only by the signed links a ticket gives. New tickets and
// messages are rate-limited per user so a script cannot fill the staff's queue.
import multipart from '@fastify/multipart';
import { pageOf } from '@td/contracts/envelope';
import { AVATAR_BYTES_MAX } from '@td/contracts/profile';
import {
  TICKET_ATTACHMENT_URL_PREFIX,
  ZAttachmentData,
  ZCreateTicketRequest,
  ZTicket,
  ZTicketMessageRequest,
  ZTicketSummary,
  ZTicketsQuery,
} from '@td/contracts/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userAnswer, userCreated, ZIdParams } from '../../platform/http/route-options';
import { signedLinkCacheControl, ZSignedLinkQuery } from '../../platform/http/signed-url';
import { sendStoredImage, ZStoredFileParams } from '../../platform/http/stored-image';
import { limitImageUploads, uploadedImage } from '../../platform/http/upload';
import { enforce, type RateLimiter, type RateLimitRule } from '../../platform/rate-limit';
import { authOf } from '../auth/authenticate';
import type { TicketsService } from './tickets.service';

const ATTACHMENT_FILE = /^[0-9a-f-]{36}-[0-9a-f]{32}\.webp$/;
/**
 * New tickets and messages of one user: a person writes a few in ten minutes; a script filling the
 * staff's queue is stopped here.
 */
export const TICKET_POSTS_PER_USER: RateLimitRule = {
  name: 'ticket-post-user',
  max: 20,
  windowMs: 10 * 60_000,
};
const TICKET_POSTS_MESSAGE = 'Too many messages; please wait a few minutes and try again';
const limitTicketPosts = (limiter: RateLimiter, userId: string) =>
  enforce(limiter, TICKET_POSTS_PER_USER, userId, TICKET_POSTS_MESSAGE);

export function ticketsRoutes(deps: {
  tickets: TicketsService;
  attachmentsDir: string;
  limiter: RateLimiter;
}): FastifyPluginAsyncZod {
  const { tickets } = deps;
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: AVATAR_BYTES_MAX + 1, files: 1, fields: 0, parts: 2 },
    });

    app.get(
      '/tickets',
      userAnswer(
        { querystring: ZTicketsQuery, data: pageOf(ZTicketSummary) },
        'Tickets fetched successfully',
        (request) => tickets.list(authOf(request).user.id, request.query),
      ),
    );

    app.post(
      '/tickets',
      userCreated(
        { body: ZCreateTicketRequest, data: ZTicket },
        'Ticket created successfully',
        async (request) => {
          const { user } = authOf(request);
          await limitTicketPosts(deps.limiter, user.id);
          return tickets.create(user, request.body);
        },
      ),
    );

    // One image a request (PNG, JPEG or WebP, ≤ 2 MB, checked and re-encoded as profile images are).
    app.post(
      '/tickets/attachments',
      userCreated({ data: ZAttachmentData }, 'Image uploaded successfully', async (request) => {
        const { user } = authOf(request);
        await limitImageUploads(deps.limiter, user.id);
        // Over the quota of unsent images, refused before the body is decoded.
        await tickets.checkUnsentQuota(user.id);
        const data = await uploadedImage(request, AVATAR_BYTES_MAX);
        return tickets.saveAttachment(user, data);
      }),
    );

    // Served without a login (an `<img>` sends no token), only by the signed links a ticket gives.
    app.get(
      `${TICKET_ATTACHMENT_URL_PREFIX}:file`,
      { config: { access: 'signed' }, schema: { params: ZStoredFileParams, querystring: ZSignedLinkQuery } },
      async (request, reply) =>
        sendStoredImage(reply, {
          dir: deps.attachmentsDir,
          file: request.params.file,
          pattern: ATTACHMENT_FILE,
          cacheControl: signedLinkCacheControl(request.query.exp),
        }),
    );

    app.get(
      '/tickets/:id',
      userAnswer({ params: ZIdParams, data: ZTicket }, 'Ticket fetched successfully', (request) =>
        tickets.get(authOf(request).user.id, request.params.id),
      ),
    );

    app.post(
      '/tickets/:id/messages',
      userAnswer(
        { params: ZIdParams, body: ZTicketMessageRequest, data: ZTicket },
        'Message sent',
        async (request) => {
          const { user } = authOf(request);
          await limitTicketPosts(deps.limiter, user.id);
          return tickets.addMessage(user, request.params.id, request.body);
        },
      ),
    );

    app.post(
      '/tickets/:id/close',
      userAnswer({ params: ZIdParams, data: ZTicket }, 'Ticket closed', (request) =>
        tickets.close(authOf(request).user.id, request.params.id),
      ),
    );
  };
}
