// HTTP routes for a signed-in user's notification centre (list, mark read) and their price alerts
// (list, create, delete).
import { ZPageQuery } from '@td/contracts/envelope';
import {
  ZCreateAlertRequest,
  ZMarkReadRequest,
  ZNotificationsData,
  ZPriceAlert,
} from '@td/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { userAnswer, userCreated, ZIdParams } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import { listOwnRoute, removeOwnRoute } from '../auth/own-routes';
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
      userAnswer(
        { querystring: ZPageQuery, data: ZNotificationsData },
        'Notifications fetched successfully',
        (request) => notifier.list(authOf(request).user.id, request.query.page, request.query.limit),
      ),
    );

    app.post(
      '/notifications/read',
      userAnswer(
        { body: z.optional(ZMarkReadRequest), data: z.object({ marked: z.number().check(z.int()) }) },
        'Notifications marked as read',
        async (request) => ({ marked: await notifier.markRead(authOf(request).user.id, request.body?.ids) }),
      ),
    );

    app.get(
      '/alerts',
      listOwnRoute(ZPriceAlert, 'Price alerts fetched successfully', (userId) => alerts.list(userId)),
    );

    app.post(
      '/alerts',
      userCreated({ body: ZCreateAlertRequest, data: ZPriceAlert }, 'Price alert created', (request) =>
        alerts.create(authOf(request).user.id, request.body),
      ),
    );

    app.delete(
      '/alerts/:id',
      removeOwnRoute(ZIdParams, 'Price alert deleted', (user, id) => alerts.remove(user.id, id)),
    );
  };
}
