import { successEnvelope, ZPageQuery } from '@td/contracts/envelope';
import {
  ZCreateAlertRequest,
  ZMarkReadRequest,
  ZNotificationsData,
  ZPriceAlert,
} from '@td/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ok } from '../../platform/http/reply';
import { userRoute } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import { removeOwnRoute } from '../auth/own-routes';
import type { Notifier } from './notifications.service';
import type { PriceAlertsService } from './price-alerts.service';

export function notificationsRoutes(deps: {
  notifier: Notifier;
  alerts: PriceAlertsService;
}): FastifyPluginAsyncZod {
  const { notifier, alerts } = deps;
  return async (app) => {
    app.get(
      '/notifications',
      userRoute({ querystring: ZPageQuery, response: { 200: successEnvelope(ZNotificationsData) } }),
      async (request) =>
        ok(
          'Notifications fetched successfully',
          await notifier.list(authOf(request).user.id, request.query.page, request.query.limit),
        ),
    );

    app.post(
      '/notifications/read',
      userRoute({
        body: z.optional(ZMarkReadRequest),
        response: { 200: successEnvelope(z.object({ marked: z.number().check(z.int()) })) },
      }),
      async (request) =>
        ok('Notifications marked as read', {
          marked: await notifier.markRead(authOf(request).user.id, request.body?.ids),
        }),
    );

    app.get(
      '/alerts',
      userRoute({ response: { 200: successEnvelope(z.array(ZPriceAlert)) } }),
      async (request) => ok('Price alerts fetched successfully', await alerts.list(authOf(request).user.id)),
    );

    app.post(
      '/alerts',
      userRoute({ body: ZCreateAlertRequest, response: { 201: successEnvelope(ZPriceAlert) } }),
      async (request, reply) => {
        const alert = await alerts.create(authOf(request).user.id, request.body);
        return reply.status(201).send(ok('Price alert created', alert));
      },
    );

    app.delete(
      '/alerts/:id',
      removeOwnRoute(z.object({ id: z.uuid() }), 'Price alert deleted', (user, id) =>
        alerts.remove(user.id, id),
      ),
    );
  };
}
