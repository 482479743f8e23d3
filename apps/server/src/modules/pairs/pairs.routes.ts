// Traders' pair routes: the list, a pair's specification, favourites.
import { successEnvelope } from '@td/contracts/envelope';
import { ZPairSpec } from '@td/contracts/financing';
import { ZPairSymbol, ZPairsQuery } from '@td/contracts/market';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { userRoute } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import type { PairSpecs } from './pair-spec';
import type { PairsService } from './pairs.service';
import { ZPairsAnswer } from './pairs-body';

export function pairsRoutes(deps: { pairs: PairsService; specs: PairSpecs }): FastifyPluginAsyncZod {
  const { pairs } = deps;
  return async (app) => {
    const params = z.object({ symbol: ZPairSymbol });

    app.get(
      '/pairs',
      // The schema documents the answer; its bytes are prepared (pairs-body.ts), each pair checked
      // against ZPair once when they are built, and sent as they are.
      userRoute({ querystring: ZPairsQuery, response: { 200: ZPairsAnswer } }),
      async (request, reply) => {
        const body = await pairs.list(authOf(request).user.id, request.query);
        // A Buffer skips the serializer; the type provider only knows the schema's object type.
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );

    app.get(
      '/pairs/:symbol/spec',
      userRoute({ params, response: { 200: successEnvelope(ZPairSpec) } }),
      async (request) =>
        ok(
          'Specification fetched successfully',
          await deps.specs.spec(authOf(request).user.id, request.params.symbol),
        ),
    );

    app.put(
      '/pairs/:symbol/favorite',
      userRoute({ params, response: { 200: successEnvelope(z.null()) } }),
      async (request) => {
        await pairs.setFavorite(authOf(request).user.id, request.params.symbol, true);
        return ok('Added to favourites', null);
      },
    );

    app.delete(
      '/pairs/:symbol/favorite',
      userRoute({ params, response: { 200: successEnvelope(z.null()) } }),
      async (request) => {
        await pairs.setFavorite(authOf(request).user.id, request.params.symbol, false);
        return ok('Removed from favourites', null);
      },
    );
  };
}
