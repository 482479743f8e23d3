import {
  chartSettingsProblem,
  DEFAULT_CHART_SETTINGS,
  type TChartSettings,
  ZChartSettings,
  ZChartSettingsRequest,
} from '@td/contracts/chart-settings';
import { successEnvelope } from '@td/contracts/envelope';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { ok } from '../../platform/http/reply';
import { userRoute } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import { userPreferences } from './profile.schema';

/** A user's chart settings: the defaults until they change them, then theirs on every device. */
export function createChartSettingsStore(db: Database) {
  return {
    async get(userId: string): Promise<TChartSettings> {
      const [row] = await db
        .select({ chart: userPreferences.chart })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      const parsed = ZChartSettings.safeParse(row?.chart);
      return parsed.success ? parsed.data : DEFAULT_CHART_SETTINGS;
    },
    /** One statement: the row made or replaced, whichever device wrote last. */
    async set(userId: string, chart: TChartSettings): Promise<TChartSettings> {
      await db
        .insert(userPreferences)
        .values({ userId, chart })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { chart, updatedAt: new Date() } });
      return chart;
    },
  };
}

export function chartSettingsRoutes(deps: { db: Database }): FastifyPluginAsyncZod {
  const store = createChartSettingsStore(deps.db);
  const ZAnswer = successEnvelope(ZChartSettings);
  return async (app) => {
    app.get('/profile/chart-settings', userRoute({ response: { 200: ZAnswer } }), async (request) =>
      ok('Chart settings fetched successfully', await store.get(authOf(request).user.id)),
    );
    app.put(
      '/profile/chart-settings',
      userRoute({ body: ZChartSettingsRequest, response: { 200: ZAnswer } }),
      async (request) => {
        // A rule between two periods the document cannot state: the route's, with its own message.
        const problem = chartSettingsProblem(request.body);
        if (problem)
          throw badRequest(problem.message, [{ field: `body.${problem.field}`, message: problem.message }]);
        return ok(
          'Chart settings saved',
          await store.set(authOf(request).user.id, request.body as TChartSettings),
        );
      },
    );
  };
}
