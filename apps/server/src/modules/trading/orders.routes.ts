// HTTP routes of trading for a signed-in user or an API key: place, change, partly or fully close
// and cancel orders, add margin, list and export history as CSV, the portfolio and the demo reset.
// Routes that trade count against a per-user request budget.
import { ZLanguage } from '@td/contracts/auth';
import { formatScaled } from '@td/contracts/decimal';
import { ZAccount } from '@td/contracts/enums';
import { pageOf, successEnvelope } from '@td/contracts/envelope';
import { ORDER_CODE } from '@td/contracts/statuses';
import {
  ORDER_PERIODS,
  orderReasonText,
  ZAmountRequest,
  ZOrder,
  ZOrdersQuery,
  ZPlaceOrderRequest,
  ZPortfolio,
  ZUpdateOrderRequest,
} from '@td/contracts/trading';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ok } from '../../platform/http/reply';
import { userRoute } from '../../platform/http/route-options';
import { enforce, type RateLimiter, type RateLimitRule, withLocalFallback } from '../../platform/rate-limit';
import { authOf } from '../auth/authenticate';
import { toOrderDto } from './order-dto';
import type { OrdersRepository } from './orders.repository';
import type { OrdersService } from './orders.service';
import { ordersCsv } from './orders-csv';
import type { PortfolioService } from './portfolio.service';
import { TRADING_LIMIT_MESSAGE, TRADING_LIMITS } from './trading-limits';

const PERIOD_DAYS: Record<string, number | undefined> = { all: undefined, '1Y': 365, '1M': 30, '1W': 7 };
const EXPORT_ROWS_MAX = 10_000;
const params = z.object({ id: z.uuid('Not an order id') });

export function ordersRoutes(deps: {
  orders: OrdersService;
  repo: OrdersRepository;
  portfolio: PortfolioService;
  /** Told of every order answered to a placement (not of replays): metrics count them. */
  onAnswered?: (order: { book: string; status: string }) => void;
  limiter: RateLimiter;
  /** The trading routes' budget per user (TRADING_LIMITS.requestsPerUser unless a test sets one). */
  tradingLimit?: RateLimitRule | undefined;
}): FastifyPluginAsyncZod {
  const { orders } = deps;
  const tradingLimit = deps.tradingLimit ?? TRADING_LIMITS.requestsPerUser;
  // Without Redis each process keeps the budget itself: trading guards no secret from guessing.
  const tradingLimiter = withLocalFallback(deps.limiter);
  /**
   * Counts a trading request against its user's budget (sessions and API keys alike), once the
   * caller is known and the input valid; over it, a 429 before anything is read or written.
   */
  const limitTrading = async (request: FastifyRequest) =>
    enforce(tradingLimiter, tradingLimit, authOf(request).user.id, TRADING_LIMIT_MESSAGE);
  /** A route that trades: for sessions and `trade` API keys, within the user's trading budget. */
  const tradeRoute = <S extends FastifySchema>(schema: S) => ({
    ...userRoute(schema, { apiScope: 'trade' }),
    preHandler: limitTrading,
  });
  return async (app) => {
    app.post(
      '/orders',
      tradeRoute({
        body: ZPlaceOrderRequest,
        response: { 200: successEnvelope(ZOrder), 201: successEnvelope(ZOrder) },
      }),
      async (request, reply) => {
        const { order, isReplay } = await orders.place(authOf(request).user.id, request.body);
        if (!isReplay) deps.onAnswered?.(order);
        const message =
          order.status === ORDER_CODE.rejected
            ? `Order rejected: ${orderReasonText(order.reason)}`
            : order.status === ORDER_CODE.pending
              ? 'Order placed successfully'
              : 'Order opened successfully';
        return reply.status(isReplay ? 200 : 201).send(ok(message, toOrderDto(order)));
      },
    );

    app.get(
      '/orders',
      userRoute(
        { querystring: ZOrdersQuery, response: { 200: successEnvelope(pageOf(ZOrder)) } },
        { apiScope: 'read' },
      ),
      async (request) => {
        const { account, status, symbol, period, page, limit } = request.query;
        const days = PERIOD_DAYS[period];
        const { items, total } = await deps.repo.list(authOf(request).user.id, {
          book: account,
          statuses: status,
          symbol,
          since: days === undefined ? undefined : new Date(Date.now() - days * 86_400_000),
          page,
          limit,
        });
        return ok('Orders fetched successfully', {
          items: items.map((row) => toOrderDto(row)),
          page,
          limit,
          total,
        });
      },
    );

    app.get(
      '/orders/export',
      userRoute(
        {
          querystring: z.extend(z.pick(ZOrdersQuery, { status: true, period: true, account: true }), {
            /** The language of the column names (the user's own unless given): History's headers. */
            lang: z.optional(ZLanguage),
          }),
        },
        { apiScope: 'read' },
      ),
      async (request, reply) => {
        const days = PERIOD_DAYS[request.query.period ?? 'all'];
        const { items } = await deps.repo.list(authOf(request).user.id, {
          book: request.query.account,
          statuses: request.query.status,
          since: days === undefined ? undefined : new Date(Date.now() - days * 86_400_000),
          page: 1,
          limit: EXPORT_ROWS_MAX,
        });
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
          )
          .send(
            ordersCsv(
              items.map((row) => toOrderDto(row)),
              request.query.lang ?? authOf(request).user.language ?? 'en',
            ),
          );
      },
    );

    app.post(
      '/orders/:id/partial-close',
      tradeRoute({ params, body: ZAmountRequest, response: { 200: successEnvelope(ZOrder) } }),
      async (request) => {
        const { remaining } = await orders.partialClose(
          authOf(request).user.id,
          request.params.id,
          request.body.amount,
        );
        return ok('Position partially closed', toOrderDto(remaining));
      },
    );

    app.put(
      '/orders/:id',
      tradeRoute({ params, body: ZUpdateOrderRequest, response: { 200: successEnvelope(ZOrder) } }),
      async (request) =>
        ok(
          'Order updated successfully',
          toOrderDto(await orders.update(authOf(request).user.id, request.params.id, request.body)),
        ),
    );

    app.post(
      '/orders/:id/margin',
      tradeRoute({ params, body: ZAmountRequest, response: { 200: successEnvelope(ZOrder) } }),
      async (request) =>
        ok(
          'Margin added successfully',
          toOrderDto(await orders.addMargin(authOf(request).user.id, request.params.id, request.body.amount)),
        ),
    );

    app.post(
      '/orders/:id/close',
      tradeRoute({ params, response: { 200: successEnvelope(ZOrder) } }),
      async (request) =>
        ok('Position closed', toOrderDto(await orders.close(authOf(request).user.id, request.params.id))),
    );

    app.delete(
      '/orders/:id',
      tradeRoute({ params, response: { 200: successEnvelope(ZOrder) } }),
      async (request) =>
        ok('Order cancelled', toOrderDto(await orders.cancel(authOf(request).user.id, request.params.id))),
    );

    app.get(
      '/portfolio',
      userRoute(
        {
          querystring: z.object({
            account: z._default(ZAccount, 'real'),
            period: z._default(z.enum(ORDER_PERIODS), 'all'),
          }),
          response: { 200: successEnvelope(ZPortfolio) },
        },
        { apiScope: 'read' },
      ),
      async (request) => {
        const userId = authOf(request).user.id;
        if (request.query.account === 'demo') await orders.ensureDemoFunded(userId);
        return ok(
          'Portfolio fetched successfully',
          await deps.portfolio.portfolio(userId, request.query.account, request.query.period),
        );
      },
    );

    app.post(
      '/portfolio/demo/reset',
      userRoute({ response: { 200: successEnvelope(ZPortfolio) } }),
      async (request) => {
        const userId = authOf(request).user.id;
        const startCents = await orders.resetDemo(userId);
        return ok(
          `Demo account reset to ${groupedUsd(startCents)} USD`,
          await deps.portfolio.portfolio(userId, 'demo', 'all'),
        );
      },
    );
  };
}

/** Cents as the messages write money: `1000000n` → "10,000", `123456n` → "1,234.56". */
export function groupedUsd(cents: bigint): string {
  const [whole = '0', fraction = '00'] = formatScaled(cents, 2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === '00' ? grouped : `${grouped}.${fraction}`;
}
