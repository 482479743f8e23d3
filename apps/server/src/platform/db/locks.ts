// Races for a row: locking it for the rest of a transaction while it is still in a state the
// caller may change, or changing it in one statement only while a condition still holds.
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from './client';

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

/**
 * Sets `values` on the row of `table` that `where` picks, in one conditional statement; true when
 * it changed exactly one (false: no such row, or another request changed it first). Refused
 * without a condition.
 */
export async function updateOne<T extends PgTable & { id: PgColumn }>(
  executor: Executor,
  table: T,
  values: PgUpdateSetSource<T>,
  where: SQL | undefined,
): Promise<boolean> {
  // `and()` of nothing is undefined, and an update without a condition changes every row.
  if (!where) throw new Error('updateOne needs a condition that picks the row');
  const rows = await executor
    .update(table as PgTable)
    .set(values as PgUpdateSetSource<PgTable>)
    .where(where)
    .returning({ id: table.id });
  return rows.length === 1;
}

/** A table whose rows belong to a user and end when revoked (sessions, API keys). */
type RevocableRows = PgTable & { id: PgColumn; userId: PgColumn; revokedAt: PgColumn };

/**
 * Revokes row `id` of `table`, in one conditional statement, if it is the user's and not revoked
 * yet; false when there was none to revoke.
 */
export function revokeOwn<T extends RevocableRows>(
  executor: Executor,
  table: T,
  userId: string,
  id: string,
): Promise<boolean> {
  return updateOne(
    executor,
    table,
    { revokedAt: new Date() } as PgUpdateSetSource<T>,
    and(eq(table.id, id), eq(table.userId, userId), isNull(table.revokedAt)),
  );
}
