import { successEnvelope } from '@td/contracts/envelope';
import { ZPairSpec } from '@td/contracts/financing';
import { ZPair, ZPairSymbol, ZPairsQuery } from '@td/contracts/market';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { authOf } from '../auth/authenticate';
import type { PairSpecs } from './pair-spec';
import type { PairsService } from './pairs.service';

export function pairsRoutes(deps: { pairs: PairsService; specs: PairSpecs }): FastifyPluginAsyncZod {
  const { pairs } = deps;
  return async (app) => {
    const params = z.object({ symbol: ZPairSymbol });

    app.get(
      '/pairs',
      {
        config: { access: 'user' },
        schema: { querystring: ZPairsQuery, response: { 200: successEnvelope(z.array(ZPair)) } },
      },
      async (request) =>
        ok('Pairs fetched successfully', await pairs.list(authOf(request).user.id, request.query)),
    );

    app.get(
      '/pairs/:symbol/spec',
      { config: { access: 'user' }, schema: { params, response: { 200: successEnvelope(ZPairSpec) } } },
      async (request) =>
        ok(
          'Specification fetched successfully',
          await deps.specs.spec(authOf(request).user.id, request.params.symbol),
        ),
    );

    app.put(
      '/pairs/:symbol/favorite',
      { config: { access: 'user' }, schema: { params, response: { 200: successEnvelope(z.null()) } } },
      async (request) => {
        await pairs.setFavorite(authOf(request).user.id, request.params.symbol, true);
        return ok('Added to favourites', null);
      },
    );

    app.delete(
      '/pairs/:symbol/favorite',
      { config: { access: 'user' }, schema: { params, response: { 200: successEnvelope(z.null()) } } },
      async (request) => {
        await pairs.setFavorite(authOf(request).user.id, request.params.symbol, false);
        return ok('Removed from favourites', null);
      },
    );
  };
}
