// Traders' pair routes: the list, a pair's specification, favourites.
import { ZPairSpec } from '@td/contracts/financing';
import { ZPairSymbol, ZPairsQuery } from '@td/contracts/market';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPrepared } from '../../platform/http/precompressed';
import { userAnswer, userRoute } from '../../platform/http/route-options';
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
      // against ZPair once when they are built, and sent as they are, compressed once per
      // encoding rather than by the compression plugin on every request.
      { ...userRoute({ querystring: ZPairsQuery, response: { 200: ZPairsAnswer } }), compress: false },
      // Not an async function: when the answer is kept it goes out without a promise on the way.
      (request, reply) => {
        // A Buffer skips the serializer.
        reply.type('application/json; charset=utf-8');
        const body = pairs.list(authOf(request).user.id, request.query);
        const sent =
          body instanceof Promise
            ? body.then((read) => sendPrepared(request, reply, read))
            : sendPrepared(request, reply, body);
        // Sent already, or a promise Fastify waits on (and answers its failure).
        return sent instanceof Promise ? sent.then(() => undefined) : undefined;
      },
    );

    app.get(
      '/pairs/:symbol/spec',
      userAnswer({ params, data: ZPairSpec }, 'Specification fetched successfully', (request) =>
        deps.specs.spec(authOf(request).user.id, request.params.symbol),
      ),
    );

    /** Makes the pair one of the user's favourites, or no longer one, answering `message`. */
    const favorite = (isFavorite: boolean, message: string) =>
      userAnswer({ params, data: z.null() }, message, async (request) => {
        await pairs.setFavorite(authOf(request).user.id, request.params.symbol, isFavorite);
        return null;
      });
    app.put('/pairs/:symbol/favorite', favorite(true, 'Added to favourites'));
    app.delete('/pairs/:symbol/favorite', favorite(false, 'Removed from favourites'));
  };
}
