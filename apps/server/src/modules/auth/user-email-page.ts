// Back-office lists: a page of rows, each with the e-mail address of the user it names.
import { count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client';
import { readPage } from '../../platform/db/paging';
import { users } from './auth.schema';

/**
 * Page `page` of the rows of `table` that `where` keeps (which may test the user's columns too),
 * in `orderBy`'s order, each as `{ [key]: row, email }` with the e-mail of the user `userColumn`
 * names, and the count of them all.
 */
export async function readPageWithEmail<T extends PgTable, K extends string>(
  db: Database,
  list: { table: T; key: K; userColumn: PgColumn; where: SQL | undefined; orderBy: SQL[] },
  page: number,
  limit: number,
): Promise<{ items: Array<Record<K, T['$inferSelect']> & { email: string }>; total: number }> {
  const { table, userColumn, where } = list;
  const { items, total } = await readPage(
    db
      .select({ [list.key]: table as PgTable, email: users.email })
      .from(table as PgTable)
      .innerJoin(users, eq(users.id, userColumn))
      .where(where)
      .orderBy(...list.orderBy)
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
