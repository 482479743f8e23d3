// One row changed by its id and read back as it now is.
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** Sets `values` on row `id` of `table`; the row as changed, undefined when there is no such row. */
export async function updateById<T extends PgTable & { id: PgColumn }>(
  executor: Executor,
  table: T,
  id: string,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await executor
    .update(table as PgTable)
    .set(values as PgUpdateSetSource<PgTable>)
    .where(eq(table.id, id))
    .returning();
  return row as T['$inferSelect'] | undefined;
}
