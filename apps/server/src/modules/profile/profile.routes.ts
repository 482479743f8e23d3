import multipart from '@fastify/multipart';
import { pageOf, successEnvelope, ZPageQuery } from '@td/contracts/envelope';
import {
  AVATAR_BYTES_MAX,
  ZAntiPhishingRequest,
  ZAvatarData,
  ZChangePasswordRequest,
  ZLoginEvent,
  ZSession,
  ZUpdateProfileRequest,
  ZUser,
} from '@td/contracts/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/reply';
import { sendStoredImage } from '../../platform/http/stored-image';
import { type Authenticator, authOf } from '../auth/authenticate';
import { AVATAR_URL_PREFIX, type ProfileService, toUserDto } from './profile.service';

const ZNoData = successEnvelope(z.null());
const AVATAR_FILE = /^[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/;
const AVATAR_MAX_AGE_S = 365 * 24 * 3600;

export function profileRoutes(deps: {
  profile: ProfileService;
  authenticate: Authenticator;
  avatarsDir: string;
}): FastifyPluginAsyncZod {
  const { profile, authenticate } = deps;
  return async (app) => {
    // One file, a little over the limit so that "too large" is told apart from "truncated".
    await app.register(multipart, {
      limits: { fileSize: AVATAR_BYTES_MAX + 1, files: 1, fields: 0, parts: 2 },
    });
    const requireUser = authenticate.normal();

    app.get(
      '/profile',
      { preHandler: requireUser, schema: { response: { 200: successEnvelope(ZUser) } } },
      async (request) => ok('User fetched successfully', toUserDto(authOf(request).user)),
    );

    app.put(
      '/profile',
      {
        preHandler: requireUser,
        schema: { body: ZUpdateProfileRequest, response: { 200: successEnvelope(ZUser) } },
      },
      async (request) =>
        ok('User profile updated successfully', await profile.update(authOf(request).user, request.body)),
    );

    app.put(
      '/profile/password',
      { preHandler: requireUser, schema: { body: ZChangePasswordRequest, response: { 200: ZNoData } } },
      async (request) => {
        const { user, claims } = authOf(request);
        await profile.changePassword(
          user,
          claims.sid,
          request.body.currentPassword,
          request.body.newPassword,
        );
        return ok('Password changed successfully', null);
      },
    );

    app.post(
      '/profile/image',
      { preHandler: requireUser, schema: { response: { 200: successEnvelope(ZAvatarData) } } },
      async (request) => {
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
        return ok('Profile image uploaded successfully', {
          avatarUrl: await profile.setAvatar(authOf(request).user, data),
        });
      },
    );

    app.get(
      `${AVATAR_URL_PREFIX}:file`,
      { schema: { params: z.object({ file: z.string() }) } },
      async (request, reply) =>
        sendStoredImage(reply, {
          dir: deps.avatarsDir,
          file: request.params.file,
          pattern: AVATAR_FILE,
          cacheControl: `public, max-age=${AVATAR_MAX_AGE_S}, immutable`,
        }),
    );

    app.get(
      '/profile/sessions',
      { preHandler: requireUser, schema: { response: { 200: successEnvelope(z.array(ZSession)) } } },
      async (request) => {
        const { user, claims } = authOf(request);
        return ok('Sessions fetched successfully', await profile.sessions(user, claims.sid));
      },
    );

    app.delete(
      '/profile/sessions/:id',
      { preHandler: requireUser, schema: { params: z.object({ id: z.uuid() }), response: { 200: ZNoData } } },
      async (request) => {
        await profile.revokeSession(authOf(request).user, request.params.id);
        return ok('Session signed out', null);
      },
    );

    app.delete(
      '/profile/sessions',
      {
        preHandler: requireUser,
        schema: { response: { 200: successEnvelope(z.object({ revoked: z.number() })) } },
      },
      async (request) => {
        const { user, claims } = authOf(request);
        return ok('Signed out of all other sessions', {
          revoked: await profile.revokeOtherSessions(user, claims.sid),
        });
      },
    );

    app.get(
      '/profile/logins',
      {
        preHandler: requireUser,
        schema: { querystring: ZPageQuery, response: { 200: successEnvelope(pageOf(ZLoginEvent)) } },
      },
      async (request) =>
        ok(
          'Login history fetched successfully',
          await profile.logins(authOf(request).user, request.query.page, request.query.limit),
        ),
    );

    app.put(
      '/profile/anti-phishing',
      {
        preHandler: requireUser,
        schema: { body: ZAntiPhishingRequest, response: { 200: successEnvelope(ZUser) } },
      },
      async (request) =>
        ok(
          'Anti-phishing phrase saved',
          await profile.setAntiPhishingPhrase(authOf(request).user, request.body.phrase),
        ),
    );
  };
}
