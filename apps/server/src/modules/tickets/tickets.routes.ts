import multipart from '@fastify/multipart';
import { pageOf, successEnvelope } from '@td/contracts/envelope';
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
import { z } from 'zod';
import { AppError, notFound } from '../../platform/errors';
import { ok } from '../../platform/http/reply';
import type { UrlSigner } from '../../platform/http/signed-url';
import { sendStoredImage } from '../../platform/http/stored-image';
import { type Authenticator, authOf } from '../auth/authenticate';
import type { TicketsService } from './tickets.service';

const ATTACHMENT_FILE = /^[0-9a-f-]{36}-[0-9a-f]{32}\.webp$/;
const ATTACHMENT_MAX_AGE_S = 365 * 24 * 3600;
const ZId = z.object({ id: z.uuid() });

export function ticketsRoutes(deps: {
  tickets: TicketsService;
  authenticate: Authenticator;
  attachmentsDir: string;
  /** Checks the signed links attachments are served by (no login: `<img>` sends no token). */
  links: UrlSigner;
}): FastifyPluginAsyncZod {
  const { tickets } = deps;
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: AVATAR_BYTES_MAX + 1, files: 1, fields: 0, parts: 2 },
    });
    const requireUser = deps.authenticate.normal();

    app.get(
      '/tickets',
      {
        preHandler: requireUser,
        schema: { querystring: ZTicketsQuery, response: { 200: successEnvelope(pageOf(ZTicketSummary)) } },
      },
      async (request) =>
        ok('Tickets fetched successfully', await tickets.list(authOf(request).user.id, request.query)),
    );

    app.post(
      '/tickets',
      {
        preHandler: requireUser,
        schema: { body: ZCreateTicketRequest, response: { 201: successEnvelope(ZTicket) } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(ok('Ticket created successfully', await tickets.create(authOf(request).user, request.body))),
    );

    // One image a request (PNG, JPEG or WebP, ≤ 2 MB, checked and re-encoded as profile images are).
    app.post(
      '/tickets/attachments',
      { preHandler: requireUser, schema: { response: { 201: successEnvelope(ZAttachmentData) } } },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
        const file = await request.file();
        if (file?.fieldname !== 'image') throw new AppError('VALIDATION', 'Choose an image to upload');
        let data: Buffer;
        try {
          data = await file.toBuffer();
        } catch {
          throw new AppError('PAYLOAD_TOO_LARGE', 'The image must be at most 2 MB');
        }
        return reply
          .status(201)
          .send(ok('Image uploaded successfully', await tickets.saveAttachment(authOf(request).user, data)));
      },
    );

    app.get(
      `${TICKET_ATTACHMENT_URL_PREFIX}:file`,
      {
        schema: {
          params: z.object({ file: z.string() }),
          querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const { file } = request.params;
        // A link not signed here, altered or expired is as good as a file that does not exist.
        if (
          !deps.links.isValid(`${TICKET_ATTACHMENT_URL_PREFIX}${file}`, request.query.exp, request.query.sig)
        )
          throw notFound('Image not found');
        return sendStoredImage(reply, {
          dir: deps.attachmentsDir,
          file,
          pattern: ATTACHMENT_FILE,
          cacheControl: `private, max-age=${ATTACHMENT_MAX_AGE_S}, immutable`,
        });
      },
    );

    app.get(
      '/tickets/:id',
      { preHandler: requireUser, schema: { params: ZId, response: { 200: successEnvelope(ZTicket) } } },
      async (request) =>
        ok('Ticket fetched successfully', await tickets.get(authOf(request).user.id, request.params.id)),
    );

    app.post(
      '/tickets/:id/messages',
      {
        preHandler: requireUser,
        schema: { params: ZId, body: ZTicketMessageRequest, response: { 200: successEnvelope(ZTicket) } },
      },
      async (request) =>
        ok('Message sent', await tickets.addMessage(authOf(request).user, request.params.id, request.body)),
    );

    app.post(
      '/tickets/:id/close',
      { preHandler: requireUser, schema: { params: ZId, response: { 200: successEnvelope(ZTicket) } } },
      async (request) => ok('Ticket closed', await tickets.close(authOf(request).user.id, request.params.id)),
    );
  };
}
