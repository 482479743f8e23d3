// Adding one of a user's things (API keys, passkeys) only while they hold fewer than a maximum.
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/client';
import { users } from './auth.schema';

/**
 * Runs `insert` unless the user already holds `max` of what `held` counts (its `n`): the user's
 * row is locked while counting, so parallel requests cannot both take the last place. Undefined
 * when full, or when `insert` added nothing.
 */
export function insertWithinQuota<T>(
  db: Database,
  userId: string,
  max: number,
  held: (tx: Tx) => PromiseLike<Array<{ n: number }>>,
  insert: (tx: Tx) => PromiseLike<T[]>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [counted] = await held(tx);
    if ((counted?.n ?? 0) >= max) return undefined;
    const [row] = await insert(tx);
    return row;
  });
}
