import { ZApiKey, ZCreateApiKeyRequest, ZCreatedApiKey } from '@td/contracts/api-keys';
import { successEnvelope } from '@td/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { userRoute } from '../../platform/http/route-options';
import { authOf, clientOf } from '../auth/authenticate';
import { listOwnRoute, removeOwnRoute } from '../auth/own-routes';
import type { ProofCheck } from '../auth/proof';
import type { ApiKeysService } from './api-keys.service';

/**
 * A user's API keys, managed from a signed-in session only: a key can neither make nor revoke
 * keys (these routes declare no API scope).
 */
export function apiKeysRoutes(deps: { apiKeys: ApiKeysService; proof: ProofCheck }): FastifyPluginAsyncZod {
  const { apiKeys } = deps;
  return async (app) => {
    app.get(
      '/profile/api-keys',
      listOwnRoute(ZApiKey, 'API keys fetched successfully', (userId) => apiKeys.list(userId)),
    );

    app.post(
      '/profile/api-keys',
      userRoute({ body: ZCreateApiKeyRequest, response: { 201: successEnvelope(ZCreatedApiKey) } }),
      async (request, reply) => {
        const { user } = authOf(request);
        // A new way to the account's orders asks for proof beyond the session.
        await deps.proof.check(user, request.body, clientOf(request));
        const created = await apiKeys.create(user.id, request.body);
        // The secret is in this answer only: no cache may keep it.
        reply.header('cache-control', 'no-store');
        return reply
          .code(201)
          .send(ok('API key created: copy its secret now, it is shown only once', created));
      },
    );

    app.delete(
      '/profile/api-keys/:id',
      removeOwnRoute(z.object({ id: z.uuid('Not an API key id') }), 'API key revoked', (user, id) =>
        apiKeys.revoke(user.id, id),
      ),
    );
  };
}
