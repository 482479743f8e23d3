import { successEnvelope } from '@td/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { userRoute } from '../../platform/http/route-options';
import { authOf, clientOf } from './authenticate';
import type { ProofCheck } from './proof';

/**
 * `POST /profile/security-code`: a code mailed to the account's owner, the proof beyond the session
 * for an account without a password (see `proof.ts`). From a signed-in session only, never a key.
 */
export function proofRoutes(deps: { proof: ProofCheck }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/profile/security-code',
      userRoute({ response: { 200: successEnvelope(z.null()) } }),
      async (request) => {
        await deps.proof.sendCode(authOf(request).user, clientOf(request));
        return ok('Please check your email for the security code', null);
      },
    );
  };
}
