import { successEnvelope } from '@td/contracts/envelope';
import { ZReferralsData } from '@td/contracts/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/reply';
import { authOf } from '../auth/authenticate';
import type { ReferralsService } from './referrals.service';

export function referralsRoutes(deps: { referrals: ReferralsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profile/referrals',
      {
        config: { access: 'user' },
        schema: { response: { 200: successEnvelope(ZReferralsData) } },
      },
      async (request) =>
        ok('Referrals fetched successfully', await deps.referrals.summary(authOf(request).user)),
    );
  };
}
