// A signed-in user's routes that list their own things (API keys, passkeys, alerts...) or remove one.
import { successEnvelope } from '@td/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { ok } from '../../platform/http/reply';
import { userAnswer, userRoute } from '../../platform/http/route-options';
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

/** The options of a route that answers, under `message`, the user's things `list` gives (each an `item`). */
export function listOwnRoute<D extends z.core.$ZodType>(
  item: D,
  message: string,
  list: (userId: string) => Promise<Array<z.core.output<D>>>,
) {
  return userAnswer({ data: z.array(item) }, message, (request) => list(userOf(request).id));
}
