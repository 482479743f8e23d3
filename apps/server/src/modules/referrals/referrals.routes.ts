// The HTTP route of a signed-in user's referral summary, shown under their profile.
import { successEnvelope } from '@td/contracts/envelope';
import { ZReferralsData } from '@td/contracts/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/reply';
import { userRoute } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import type { ReferralsService } from './referrals.service';

export function referralsRoutes(deps: { referrals: ReferralsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profile/referrals',
      userRoute({ response: { 200: successEnvelope(ZReferralsData) } }),
      async (request) =>
        ok('Referrals fetched successfully', await deps.referrals.summary(authOf(request).user)),
    );
  };
}
