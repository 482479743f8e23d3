import { successEnvelope } from '@td/contracts/envelope';
import { ZTradingTerms } from '@td/contracts/group-terms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/client';
import { ok } from '../../platform/http/reply';
import { userRoute } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import { termsOf, toTermsDto } from './group-terms';

/**
 * The caller's trading terms: what their client group adds to each pair's spread, the leverage it
 * allows per asset class and the opening fee they pay. The web widens the prices it shows with them.
 */
export function tradingTermsRoutes(deps: {
  db: Database;
  feePpm: () => Promise<bigint>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profile/trading-terms',
      userRoute({ response: { 200: successEnvelope(ZTradingTerms) } }),
      async (request) =>
        ok(
          'Trading terms fetched successfully',
          toTermsDto(await termsOf(deps.db, authOf(request).user.id), await deps.feePpm()),
        ),
    );
  };
}
