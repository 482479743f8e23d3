// Storage of the notification centre: one row per notice a user got, read a page at a time with
// the unread count, and marked read one by one or all at once.
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { readNewestPage } from '../../platform/db/paging';
import { notifications } from './notifications.schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** The notification centre's rows: one per notice a user got, read or not. */
export function createNotificationsRepository(db: Database) {
  return {
    async insert(values: typeof notifications.$inferInsert): Promise<NotificationRow | undefined> {
      const [row] = await db.insert(notifications).values(values).returning();
      return row;
    },

    /** A page of a user's notifications, newest first, with how many there are and how many unread. */
    async list(userId: string, page: number, limit: number) {
      const [{ items, total }, [unread]] = await Promise.all([
        readNewestPage(db, notifications, eq(notifications.userId, userId), page, limit),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
      ]);
      return { items, total, unread: unread?.n ?? 0 };
    },

    /** Marks the given notifications (or all) of the user read; answers how many were unread. */
    async markRead(userId: string, ids: string[] | undefined): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids ? inArray(notifications.id, ids) : undefined,
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
