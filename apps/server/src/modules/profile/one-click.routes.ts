import { DEFAULT_CHART_SETTINGS } from '@td/contracts/chart-settings';
import { successEnvelope } from '@td/contracts/envelope';
import { type TOneClickTrading, ZOneClickTrading, ZOneClickTradingRequest } from '@td/contracts/financing';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/client';
import { ok } from '../../platform/http/reply';
import { userAnswer, userRoute } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import { userPreferences } from './profile.schema';

/**
 * One-click trading: the Trade screen's Buy and Sell place a market order at once. Off until the
 * user turns it on, which takes accepting the risk notice (when is kept).
 */
export function createOneClickStore(db: Database) {
  return {
    async get(userId: string): Promise<TOneClickTrading> {
      const [row] = await db
        .select({ enabled: userPreferences.oneClickTrading })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      return { enabled: row?.enabled ?? false };
    },
    /** One statement: the preferences row made (with the default charts) or changed. */
    async set(userId: string, enabled: boolean): Promise<TOneClickTrading> {
      const values = { oneClickTrading: enabled, ...(enabled ? { oneClickAcceptedAt: new Date() } : {}) };
      await db
        .insert(userPreferences)
        .values({ userId, chart: DEFAULT_CHART_SETTINGS, ...values })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { ...values, updatedAt: new Date() } });
      return { enabled };
    },
  };
}

export function oneClickRoutes(deps: { db: Database }): FastifyPluginAsyncZod {
  const store = createOneClickStore(deps.db);
  const ZAnswer = successEnvelope(ZOneClickTrading);
  return async (app) => {
    app.get(
      '/profile/one-click-trading',
      userAnswer({ data: ZOneClickTrading }, 'One-click trading fetched successfully', (request) =>
        store.get(authOf(request).user.id),
      ),
    );
    app.put(
      '/profile/one-click-trading',
      userRoute({ body: ZOneClickTradingRequest, response: { 200: ZAnswer } }),
      async (request) => {
        const saved = await store.set(authOf(request).user.id, request.body.enabled);
        return ok(saved.enabled ? 'One-click trading is on' : 'One-click trading is off', saved);
      },
    );
  };
}
