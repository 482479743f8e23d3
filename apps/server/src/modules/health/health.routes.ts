import { successEnvelope, ZErrorBody, ZHealth } from '@td/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/reply';

/** `GET /health`: 200 while the database answers, 503 when it does not (load balancers drain us). */
export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { response: { 200: successEnvelope(ZHealth), 503: ZErrorBody } } },
      async () => {
        const [db, bus] = await Promise.all([
          deps.db.ping().then(
            () => 'ok' as const,
            () => 'down' as const,
          ),
          deps.bus.ping().then(
            () => 'ok' as const,
            () => 'down' as const,
          ),
        ]);
        const health = {
          status: db === 'ok' && bus === 'ok' ? 'ok' : 'degraded',
          db,
          bus,
          roles: deps.roleStatus(),
        } as const;
        if (db === 'down') throw new AppError('UNAVAILABLE', 'The database is unreachable', health);
        return ok('OK', health);
      },
    );
  };
}
