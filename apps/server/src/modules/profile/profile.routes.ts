// HTTP routes of a signed-in user's profile: their details, password change, profile picture
// (upload, and public serving by an unguessable name), sessions and signing them out, sign-in
// history and the anti-phishing phrase.
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
import { ok } from '../../platform/http/reply';
import { userRoute, ZIdParams } from '../../platform/http/route-options';
import { sendStoredImage, ZStoredFileParams } from '../../platform/http/stored-image';
import { limitImageUploads, uploadedImage } from '../../platform/http/upload';
import type { RateLimiter } from '../../platform/rate-limit';
import { authOf, clientOf } from '../auth/authenticate';
import { removeOwnRoute } from '../auth/own-routes';
import { AVATAR_URL_PREFIX, type ProfileService, toUserDto } from './profile.service';

const ZNoData = successEnvelope(z.null());
const AVATAR_FILE = /^[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/;
const AVATAR_MAX_AGE_S = 365 * 24 * 3600;

export function profileRoutes(deps: {
  profile: ProfileService;
  avatarsDir: string;
  limiter: RateLimiter;
}): FastifyPluginAsyncZod {
  const { profile } = deps;
  return async (app) => {
    // One file, a little over the limit so that "too large" is told apart from "truncated".
    await app.register(multipart, {
      limits: { fileSize: AVATAR_BYTES_MAX + 1, files: 1, fields: 0, parts: 2 },
    });

    app.get(
      '/profile',
      userRoute({ response: { 200: successEnvelope(ZUser) } }, { apiScope: 'read' }),
      async (request) => {
        const user = toUserDto(authOf(request).user);
        // The anti-phishing phrase tells the owner a mail is genuine: a program holding a key (a
        // read-only key is easy to hand out) must not learn it, or it could forge such mails.
        return ok('User fetched successfully', request.apiKey ? { ...user, antiPhishingPhrase: null } : user);
      },
    );

    app.put(
      '/profile',
      userRoute({ body: ZUpdateProfileRequest, response: { 200: successEnvelope(ZUser) } }),
      async (request) =>
        ok('User profile updated successfully', await profile.update(authOf(request).user, request.body)),
    );

    app.put(
      '/profile/password',
      userRoute({ body: ZChangePasswordRequest, response: { 200: ZNoData } }),
      async (request) => {
        const { user, claims } = authOf(request);
        await profile.changePassword(
          user,
          claims.sid,
          request.body.currentPassword,
          request.body.newPassword,
          clientOf(request),
        );
        return ok('Password changed successfully', null);
      },
    );

    app.post(
      '/profile/image',
      userRoute({ response: { 200: successEnvelope(ZAvatarData) } }),
      async (request) => {
        await limitImageUploads(deps.limiter, authOf(request).user.id);
        const data = await uploadedImage(request, AVATAR_BYTES_MAX);
        return ok('Profile image uploaded successfully', {
          avatarUrl: await profile.setAvatar(authOf(request).user, data),
        });
      },
    );

    app.get(
      `${AVATAR_URL_PREFIX}:file`,
      // Public: pictures are named by an unguessable random id.
      { config: { access: 'public' }, schema: { params: ZStoredFileParams } },
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
      userRoute({ response: { 200: successEnvelope(z.array(ZSession)) } }),
      async (request) => {
        const { user, claims } = authOf(request);
        return ok('Sessions fetched successfully', await profile.sessions(user, claims.sid));
      },
    );

    app.delete(
      '/profile/sessions/:id',
      removeOwnRoute(ZIdParams, 'Session signed out', (user, id) => profile.revokeSession(user, id)),
    );

    app.delete(
      '/profile/sessions',
      userRoute({ response: { 200: successEnvelope(z.object({ revoked: z.number() })) } }),
      async (request) => {
        const { user, claims } = authOf(request);
        return ok('Signed out of all other sessions', {
          revoked: await profile.revokeOtherSessions(user, claims.sid),
        });
      },
    );

    app.get(
      '/profile/logins',
      userRoute({ querystring: ZPageQuery, response: { 200: successEnvelope(pageOf(ZLoginEvent)) } }),
      async (request) =>
        ok(
          'Login history fetched successfully',
          await profile.logins(authOf(request).user, request.query.page, request.query.limit),
        ),
    );

    app.put(
      '/profile/anti-phishing',
      userRoute({ body: ZAntiPhishingRequest, response: { 200: successEnvelope(ZUser) } }),
      async (request) =>
        ok(
          'Anti-phishing phrase saved',
          await profile.setAntiPhishingPhrase(authOf(request).user, request.body.phrase),
        ),
    );
  };
}
