// HTTP routes for passkeys: listing, adding and removing them under the profile, signing in with
// one, and using one as the second factor of a password sign-in.
import { ZTokenData } from '@td/contracts/auth';
import { successEnvelope } from '@td/contracts/envelope';
import {
  ZAddPasskeyRequest,
  ZPasskey,
  ZPasskeyAssertionRequest,
  ZPasskeyOptions,
  ZPasskeyOptionsRequest,
  ZSecondFactorMethods,
} from '@td/contracts/passkeys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { userCreated, userRoute } from '../../platform/http/route-options';
import type { AuthService } from './auth.service';
import { authOf, clientOf, pendingClaimsOf } from './authenticate';
import { listOwnRoute, removeOwnRoute } from './own-routes';
import type { PasskeysService } from './passkeys.service';

const ZToken = successEnvelope(ZTokenData);
const ZOptions = successEnvelope(ZPasskeyOptions);

/**
 * Passkeys: managed under the profile from a signed-in session; used to sign in (public) or as the
 * second factor of a password sign-in (its `tfa` token).
 */
export function passkeysRoutes(deps: {
  passkeys: PasskeysService;
  auth: AuthService;
}): FastifyPluginAsyncZod {
  const { passkeys, auth } = deps;
  return async (app) => {
    app.get(
      '/profile/passkeys',
      listOwnRoute(ZPasskey, 'Passkeys fetched successfully', (userId) => passkeys.list(userId)),
    );

    app.post(
      '/profile/passkeys/options',
      userRoute({ body: ZPasskeyOptionsRequest, response: { 200: ZOptions } }),
      async (request) =>
        ok(
          'Passkey options created',
          await passkeys.registrationOptions(authOf(request).user, request.body, clientOf(request)),
        ),
    );

    app.post(
      '/profile/passkeys',
      userCreated({ body: ZAddPasskeyRequest, data: ZPasskey }, 'Passkey added', (request) =>
        passkeys.register(authOf(request).user, request.body),
      ),
    );

    app.delete(
      '/profile/passkeys/:id',
      removeOwnRoute(z.object({ id: z.uuid('Not a passkey id') }), 'Passkey removed', (user, id) =>
        passkeys.remove(user.id, id),
      ),
    );

    app.post(
      '/auth/passkeys/signin/options',
      { config: { access: 'public' }, schema: { response: { 200: ZOptions } } },
      async (request) => ok('Passkey options created', await passkeys.signinOptions(clientOf(request))),
    );

    app.post(
      '/auth/passkeys/signin',
      { config: { access: 'public' }, schema: { body: ZPasskeyAssertionRequest, response: { 200: ZToken } } },
      async (request) =>
        ok('Login successful', { token: await passkeys.signin(request.body.response, clientOf(request)) }),
    );

    app.get(
      '/auth/2fa/methods',
      { config: { access: 'tfa' }, schema: { response: { 200: successEnvelope(ZSecondFactorMethods) } } },
      async (request) =>
        ok('Methods fetched successfully', await auth.secondFactorMethods(pendingClaimsOf(request))),
    );

    app.post(
      '/auth/passkeys/2fa/options',
      { config: { access: 'tfa' }, schema: { response: { 200: ZOptions } } },
      async (request) =>
        ok('Passkey options created', await passkeys.secondFactorOptions(pendingClaimsOf(request))),
    );

    app.post(
      '/auth/passkeys/2fa',
      { config: { access: 'tfa' }, schema: { body: ZPasskeyAssertionRequest, response: { 200: ZToken } } },
      async (request) =>
        ok('Login successful', {
          token: await passkeys.secondFactor(
            pendingClaimsOf(request),
            request.body.response,
            clientOf(request),
          ),
        }),
    );
  };
}
