// A signed-in user's route that removes one of their own things (an API key, a passkey, an alert).
import { successEnvelope } from '@td/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { ok } from '../../platform/http/reply';
import { userRoute } from '../../platform/http/route-options';
import { type AuthContext, userOf } from './authenticate';

/**
 * The options of a route that removes the user's thing named by the `:id` of its path (`params`
 * checks it, with its own message): `remove` does it for the user, and the answer is `message`
 * with no data.
 */
export function removeOwnRoute<P extends z.core.$ZodType<{ id: string }>>(
  params: P,
  message: string,
  remove: (user: AuthContext['user'], id: string) => Promise<unknown>,
) {
  return {
    ...userRoute({ params, response: { 200: successEnvelope(z.null()) } }),
    handler: async (request: FastifyRequest) => {
      await remove(userOf(request), (request.params as { id: string }).id);
      return ok(message, null);
    },
  };
}
