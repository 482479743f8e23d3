// Locking a row for the rest of a transaction while it is still in a state the caller may change.
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/** A table whose rows have an id, a status and the user they belong to. */
type UserRowsWithStatus = PgTable & { id: PgColumn; status: PgColumn; userId: PgColumn };

/**
 * Locks row `id` of `table` for the rest of the transaction; undefined unless it is in one of
 * `statuses` (and, with `userId`, that user's).
 */
export async function lockInStatus<T extends UserRowsWithStatus>(
  tx: Tx,
  table: T,
  id: string,
  statuses: readonly string[],
  userId?: string,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(
      and(eq(table.id, id), inArray(table.status, statuses), userId ? eq(table.userId, userId) : undefined),
    )
    .for('update');
  return row as T['$inferSelect'] | undefined;
}
