import { successEnvelope } from '@td/contracts/envelope';
import { ZRiskOverview } from '@td/contracts/risk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/reply';
import { adminRoute } from '../../platform/http/route-options';
import type { RiskService } from './risk.service';

/** The dealing desk's live risk: exposure per pair, accounts near stop-out, the house's result. */
export function riskRoutes(deps: { risk: RiskService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/risk',
      adminRoute('risk', { response: { 200: successEnvelope(ZRiskOverview) } }),
      async () => ok('Risk fetched', await deps.risk.overview()),
    );
  };
}
