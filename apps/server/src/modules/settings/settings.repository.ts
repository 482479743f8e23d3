import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/client';
import { settings } from './settings.schema';

/** The platform settings as administrators stored them: one JSON value per group. */
export function createSettingsRepository(db: Database) {
  return {
    /** A group's stored value (an empty object when nothing was stored or it is not an object). */
    async find(group: string, executor: Executor = db): Promise<Record<string, unknown>> {
      const [row] = await executor.select().from(settings).where(eq(settings.name, group));
      return row && typeof row.value === 'object' && row.value ? (row.value as Record<string, unknown>) : {};
    },

    async save(group: string, value: Record<string, unknown>): Promise<void> {
      await db
        .insert(settings)
        .values({ name: group, value })
        .onConflictDoUpdate({ target: settings.name, set: { value, updatedAt: new Date() } });
    },
  };
}
