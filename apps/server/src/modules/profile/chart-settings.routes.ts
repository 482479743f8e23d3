import {
  chartSettingsProblem,
  DEFAULT_CHART_SETTINGS,
  type TChartSettings,
  ZChartSettings,
  ZChartSettingsRequest,
} from '@td/contracts/chart-settings';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { userAnswer } from '../../platform/http/route-options';
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
  return async (app) => {
    app.get(
      '/profile/chart-settings',
      userAnswer({ data: ZChartSettings }, 'Chart settings fetched successfully', (request) =>
        store.get(authOf(request).user.id),
      ),
    );
    app.put(
      '/profile/chart-settings',
      userAnswer({ body: ZChartSettingsRequest, data: ZChartSettings }, 'Chart settings saved', (request) => {
        // A rule between two periods the document cannot state: the route's, with its own message.
        const problem = chartSettingsProblem(request.body);
        if (problem)
          throw badRequest(problem.message, [{ field: `body.${problem.field}`, message: problem.message }]);
        return store.set(authOf(request).user.id, request.body as TChartSettings);
      }),
    );
  };
}
