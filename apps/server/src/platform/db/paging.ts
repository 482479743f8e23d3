// One page of a list read together with the count of every row the list pages through.
import { count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * Page `page` (from 1) of `limit` rows of `rows`, an ordered select made `$dynamic()`, read at the
 * same time as `counted`, the count (`n`) of the rows the list pages through.
 */
export async function readPage<Q extends PgSelect>(
  rows: Q,
  counted: PromiseLike<Array<{ n: number }>>,
  page: number,
  limit: number,
): Promise<{ items: Awaited<Q>; total: number }> {
  const [items, [total]] = await Promise.all([rows.limit(limit).offset((page - 1) * limit), counted]);
  return { items, total: total?.n ?? 0 };
}

/** A table whose rows have an id and the time they were written. */
export type DatedRows = PgTable & { id: PgColumn; createdAt: PgColumn };

/**
 * Page `page` of the rows of `table` that `where` keeps, newest first by `newest` (when they were
 * written unless told; the greater id first among rows of one moment), and the count of them all.
 */
export async function readNewestPage<T extends DatedRows>(
  db: Database,
  table: T,
  where: SQL | undefined,
  page: number,
  limit: number,
  newest: PgColumn = table.createdAt,
): Promise<{ items: Array<T['$inferSelect']>; total: number }> {
  const { items, total } = await readPage(
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(desc(newest), desc(table.id))
      .$dynamic(),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
    page,
    limit,
  );
  return { items: items as Array<T['$inferSelect']>, total };
}
