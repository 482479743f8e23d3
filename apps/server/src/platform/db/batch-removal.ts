// Removing rows that are no longer used, a bounded batch at a time, beside writers that may still be
// using them.
import { and, asc, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from './client';

/**
 * Removes up to `limit` rows of `table` that `due` selects, the oldest (`oldest`) first, in one
 * transaction: they are locked first (a row another transaction holds is skipped), then deleted by a
 * second statement that checks `due` again. `onRemoved` is given the removed rows' `key`s before the
 * removal commits (if it throws, the rows are kept). Answers how many were looked at and removed.
 */
export function removeDueBatch<K extends AnyPgColumn>(
  db: Database,
  batch: {
    table: PgTable;
    key: K;
    oldest: AnyPgColumn;
    due: (tx: Tx) => SQL | undefined;
    limit: number;
    onRemoved?: (keys: K['_']['data'][]) => Promise<void>;
  },
): Promise<{ examined: number; removed: number }> {
  const { table, key, oldest, due, limit } = batch;
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ key })
      .from(table)
      .where(due(tx))
      .orderBy(asc(oldest))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return { examined: 0, removed: 0 };
    const removed = await tx
      .delete(table)
      .where(
        and(
          inArray(
            key,
            candidates.map((row) => row.key),
          ),
          due(tx),
        ),
      )
      .returning({ key });
    await batch.onRemoved?.(removed.map((row) => row.key));
    return { examined: candidates.length, removed: removed.length };
  });
}
