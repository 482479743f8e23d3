import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { readPage } from '../../platform/db/paging';
import { loginEvents } from './auth.schema';

/** Sign-in history: every attempt with its outcome, address and device. */
export function createLoginEventsRepository(db: Database) {
  return {
    /** Wrong passwords given for an account since `since`, from anywhere. */
    async countFailuresSince(userId: string, detail: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginEvents)
        .where(
          and(
            eq(loginEvents.userId, userId),
            eq(loginEvents.outcome, 'failure'),
            eq(loginEvents.detail, detail),
            gte(loginEvents.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },
    /** Whether the account has ever signed in successfully from this address. */
    async hasSucceededFromIp(userId: string, ip: string): Promise<boolean> {
      const [row] = await db
        .select({ id: loginEvents.id })
        .from(loginEvents)
        .where(
          and(eq(loginEvents.userId, userId), eq(loginEvents.outcome, 'success'), eq(loginEvents.ip, ip)),
        )
        .limit(1);
      return Boolean(row);
    },

    async insertLoginEvent(values: typeof loginEvents.$inferInsert): Promise<void> {
      await db.insert(loginEvents).values(values);
    },
    async hasSucceededFrom(
      userId: string,
      deviceHash: string,
    ): Promise<{ isKnown: boolean; hasAny: boolean }> {
      const [row] = await db
        .select({
          known: sql<number>`count(*) filter (where ${loginEvents.deviceHash} = ${deviceHash})`.mapWith(
            Number,
          ),
          any: count(),
        })
        .from(loginEvents)
        .where(and(eq(loginEvents.userId, userId), eq(loginEvents.outcome, 'success')));
      return { isKnown: (row?.known ?? 0) > 0, hasAny: (row?.any ?? 0) > 0 };
    },
    async listLoginEvents(userId: string, page: number, limit: number) {
      const { items, total } = await readPage(
        db
          .select()
          .from(loginEvents)
          .where(eq(loginEvents.userId, userId))
          .orderBy(desc(loginEvents.createdAt))
          .$dynamic(),
        db.select({ n: count() }).from(loginEvents).where(eq(loginEvents.userId, userId)),
        page,
        limit,
      );
      return { items, total };
    },
  };
}
