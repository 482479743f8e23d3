// Storage for users' API keys: adding within the per-user limit, listing and revoking, and the
// per-request look-up of a live key with its user, so a revoked key stops working at once.
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { revokeOwn } from '../../platform/db/locks';
import { users } from '../auth/auth.schema';
import { insertWithinQuota } from '../auth/user-quota';
import { apiKeys } from './api-keys.schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** How often a key's "last used" is written: not on every request. */
const TOUCH_INTERVAL = sql`interval '60 seconds'`;

export function createApiKeysRepository(db: Database) {
  // Every signed request reads its key with its user: built once, planned once per connection.
  const activeKeyWithUser = db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyId, sql.placeholder('keyId')), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare('api_key_with_user');

  return {
    /**
     * Adds a key unless the user already holds `max` live ones: the user's row is locked while
     * counting, so parallel requests cannot both take the last place. Undefined when full.
     */
    async insertWithin(
      max: number,
      values: Omit<typeof apiKeys.$inferInsert, 'id' | 'createdAt'>,
    ): Promise<ApiKeyRow | undefined> {
      return insertWithinQuota(
        db,
        values.userId,
        max,
        (tx) =>
          tx
            .select({ n: count() })
            .from(apiKeys)
            .where(and(eq(apiKeys.userId, values.userId), isNull(apiKeys.revokedAt))),
        (tx) => tx.insert(apiKeys).values(values).returning(),
      );
    },

    /** The user's live keys, newest first. */
    async listLive(userId: string): Promise<ApiKeyRow[]> {
      return db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt));
    },

    /** Revokes one of the user's live keys (one statement); false when there was none to revoke. */
    async revoke(userId: string, id: string): Promise<boolean> {
      return revokeOwn(db, apiKeys, userId, id);
    },

    /** Revokes every live key of a user in one statement; how many were live. */
    async revokeLive(userId: string): Promise<number> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length;
    },

    /**
     * Revokes every key of a user and forgets their sealed secrets (an erased account): one
     * statement, so no key of theirs signs anything after it.
     */
    async revokeAll(userId: string): Promise<void> {
      await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())`, secretSealed: '' })
        .where(eq(apiKeys.userId, userId));
    },

    /** A live key by its public half, with its user; read on every request, so revocation is immediate. */
    async findLiveWithUser(keyId: string) {
      const [row] = await activeKeyWithUser.execute({ keyId });
      return row;
    },

    /** Writes "last used" unless it was written in the last minute (one conditional statement). */
    async touch(id: string, ip: string): Promise<void> {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(), lastUsedIp: ip })
        .where(
          and(
            eq(apiKeys.id, id),
            or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - ${TOUCH_INTERVAL}`)),
          ),
        );
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
