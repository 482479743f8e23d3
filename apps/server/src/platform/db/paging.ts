// One page of a list read together with the count of every row the list pages through.
import type { PgSelect } from 'drizzle-orm/pg-core';

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
