import { parseScaled } from '@td/contracts/decimal';
import { successEnvelope } from '@td/contracts/envelope';
import { type TStatsPeriod, type TTradingStats, ZStatsQuery, ZTradingStats } from '@td/contracts/financing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/client';
import { ok } from '../../platform/http/reply';
import { userRoute } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import type { TBook } from '../ledger/ledger';
import { DAY_MS, dayOf } from './equity-snapshots';
import type { OrdersRepository } from './orders.repository';
import type { PortfolioService } from './portfolio.service';
import { STATS_PERIOD_DAYS, tradingStats } from './trading-stats';
import { createTradingStatsRepository } from './trading-stats.repository';

/** What the statistics read: the database, the orders, the Portfolio's valuation and the demo book. */
interface TTradingStatsDeps {
  db: Database;
  orders: OrdersRepository;
  portfolio: PortfolioService;
  /** Grants the demo book its practice money if it was never used, as the Portfolio does. */
  ensureDemoFunded: (userId: string) => Promise<void>;
}

/** An account's trading statistics: its closed trades and its equity curve over a period. */
export function createTradingStatsService(deps: TTradingStatsDeps) {
  const repo = createTradingStatsRepository(deps.db);
  return {
    async stats(
      userId: string,
      book: TBook,
      period: TStatsPeriod,
      nowMs = Date.now(),
    ): Promise<TTradingStats> {
      // A demo book read before its first use holds its practice money, not nothing: read as
      // empty, its equity now would be a fall to zero from the days it closed at the start.
      if (book === 'demo') await deps.ensureDemoFunded(userId);
      const days = STATS_PERIOD_DAYS[period];
      const sinceMs = days === undefined ? undefined : nowMs - days * DAY_MS;
      const trades = await repo.closedTrades(
        userId,
        book,
        sinceMs === undefined ? undefined : new Date(sinceMs),
      );
      // The daily closes of the curve, then the equity now.
      const today = dayOf(nowMs);
      const snapshots = await deps.orders.equitySince(userId, book, sinceMs);
      const curve = snapshots.filter((point) => point.t < today).map((point) => point.equity);
      curve.push(parseScaled((await deps.portfolio.balance(userId, book)).equity, 2));
      return tradingStats(period, trades, curve);
    },
  };
}

export function tradingStatsRoutes(deps: TTradingStatsDeps): FastifyPluginAsyncZod {
  const service = createTradingStatsService(deps);
  return async (app) => {
    app.get(
      '/portfolio/stats',
      userRoute(
        { querystring: ZStatsQuery, response: { 200: successEnvelope(ZTradingStats) } },
        { apiScope: 'read' },
      ),
      async (request) =>
        ok(
          'Statistics fetched successfully',
          await service.stats(authOf(request).user.id, request.query.account, request.query.period),
        ),
    );
  };
}
