import { successEnvelope } from '@td/contracts/envelope';
import { ZAdminReferralCommission, ZClawbackRequest } from '@td/contracts/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { adminRoute } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import type { ReferralsAdmin } from './referrals-admin.service';

/** Administrators' side of referrals: a commission taken back, with the reason. */
export function referralsAdminRoutes(deps: { admin: ReferralsAdmin }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/referrals/commissions/:id/clawback',
      adminRoute('balance', {
        params: z.object({ id: z.uuid('Not a commission id') }),
        body: ZClawbackRequest,
        response: { 200: successEnvelope(ZAdminReferralCommission) },
      }),
      async (request) =>
        ok(
          'Commission clawed back',
          await deps.admin.clawback(authOf(request).user, request.params.id, request.body.reason),
        ),
    );
  };
}
