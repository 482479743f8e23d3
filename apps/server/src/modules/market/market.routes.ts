// The public market-data HTTP routes: every pair's current prices, the 24-hour sparklines of a list
// of pairs, and a pair's candles for the charts. No sign-in needed.
import { successEnvelope } from '@td/contracts/envelope';
import { ZCandle, ZKlinesQuery, ZLineshotQuery } from '@td/contracts/market';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { sendPrepared } from '../../platform/http/precompressed';
import { ok } from '../../platform/http/reply';
import type { PairsRepository } from '../pairs/pairs.repository';
import type { KlinesService } from './klines.service';
import type { PriceBoard } from './price-board';

export function marketRoutes(deps: {
  board: PriceBoard;
  klines: KlinesService;
  pairs: PairsRepository;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // Served as prepared bytes, compressed once per encoding rather than by the compression
    // plugin on every request: the board rebuilds them at most four times a second.
    app.get('/public/prices', { config: { access: 'public' }, compress: false }, (request, reply) =>
      sendPrepared(
        request,
        reply.type('application/json; charset=utf-8').header('cache-control', 'no-store'),
        deps.board.pricesBody(),
      ),
    );

    // Prepared bytes too, per list of pairs, until the sparklines refresh.
    app.get(
      '/public/lineshot',
      { config: { access: 'public' }, schema: { querystring: ZLineshotQuery }, compress: false },
      async (request, reply) =>
        sendPrepared(
          request,
          reply.type('application/json; charset=utf-8'),
          await deps.klines.lineshotBody(request.query.pairList),
        ),
    );

    app.get(
      '/public/klines',
      {
        config: { access: 'public' },
        schema: { querystring: ZKlinesQuery, response: { 200: successEnvelope(z.array(ZCandle)) } },
      },
      async (request) => {
        const pair = await deps.pairs.find(request.query.symbol);
        if (!pair || (request.query.type && request.query.type !== pair.pairType)) {
          throw notFound(`There is no pair ${request.query.symbol}`);
        }
        return ok('Klines fetched successfully', await deps.klines.klines(pair, request.query));
      },
    );
  };
}
