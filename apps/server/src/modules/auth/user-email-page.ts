// Back-office lists: a page of rows, each with the e-mail address of the user it names.
import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client';
import { type DatedRows, readPage } from '../../platform/db/paging';
import { users } from './auth.schema';

/**
 * Page `page` of the rows of `table` that `where` keeps (which may test the user's columns too),
 * newest first by `newest` (when they were written unless told; the greater id first among rows of
 * one moment), each as `{ [key]: row, email }` with the e-mail of the user `userColumn` names, and
 * the count of them all.
 */
export async function readPageWithEmail<T extends DatedRows, K extends string>(
  db: Database,
  list: { table: T; key: K; userColumn: PgColumn; where: SQL | undefined; newest?: PgColumn },
  page: number,
  limit: number,
): Promise<{ items: Array<Record<K, T['$inferSelect']> & { email: string }>; total: number }> {
  const { table, userColumn, where, newest = table.createdAt } = list;
  const { items, total } = await readPage(
    db
      .select({ [list.key]: table as PgTable, email: users.email })
      .from(table as PgTable)
      .innerJoin(users, eq(users.id, userColumn))
      .where(where)
      .orderBy(desc(newest), desc(table.id))
      .$dynamic(),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .innerJoin(users, eq(users.id, userColumn))
      .where(where),
    page,
    limit,
  );
  return { items: items as unknown as Array<Record<K, T['$inferSelect']> & { email: string }>, total };
}
