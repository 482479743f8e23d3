// Storage of users' price alerts: listing, adding and removing a user's own, loading all waiting
// ones, and marking one fired in one conditional statement, so it fires only once.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { priceAlerts } from './notifications.schema';

export type AlertRow = typeof priceAlerts.$inferSelect;

/** A user's price alerts: waiting until a price crosses them, then fired once. */
export function createPriceAlertsRepository(db: Database) {
  return {
    /** A user's alerts, newest first (at most `limit`). */
    list(userId: string, limit: number): Promise<AlertRow[]> {
      return db
        .select()
        .from(priceAlerts)
        .where(eq(priceAlerts.userId, userId))
        .orderBy(desc(priceAlerts.createdAt))
        .limit(limit);
    },

    async countWaiting(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(priceAlerts)
        .where(and(eq(priceAlerts.userId, userId), isNull(priceAlerts.firedAt)));
      return row?.n ?? 0;
    },

    async insert(values: typeof priceAlerts.$inferInsert): Promise<AlertRow | undefined> {
      const [row] = await db.insert(priceAlerts).values(values).returning();
      return row;
    },

    /** Removes a user's alert; false when there is none of theirs with that id. */
    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(priceAlerts)
        .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
        .returning({ id: priceAlerts.id });
      return rows.length > 0;
    },

    async find(id: string): Promise<AlertRow | undefined> {
      const [row] = await db.select().from(priceAlerts).where(eq(priceAlerts.id, id));
      return row;
    },

    waiting(): Promise<AlertRow[]> {
      return db.select().from(priceAlerts).where(isNull(priceAlerts.firedAt));
    },

    /** Claims an alert as fired at `priceMinor`: the fired row once, undefined if it fired already. */
    async fire(id: string, priceMinor: bigint): Promise<AlertRow | undefined> {
      const [row] = await db
        .update(priceAlerts)
        .set({ firedAt: new Date(), firedPriceMinor: priceMinor })
        .where(and(eq(priceAlerts.id, id), isNull(priceAlerts.firedAt)))
        .returning();
      return row;
    },
  };
}
