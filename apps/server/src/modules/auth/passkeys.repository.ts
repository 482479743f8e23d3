// Storage of passkeys and their ceremony challenges, merged into the auth repository. A challenge
// is taken by a single delete, so it answers one ceremony only; a signature counter only moves on.
import { and, count, desc, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { updateOne } from '../../platform/db/locks';
import { passkeyChallenges, passkeys, users } from './auth.schema';
import { insertWithinQuota } from './user-quota';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type PasskeyPurpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

/** Passkeys and the challenges of their ceremonies; part of the auth repository. */
export function createPasskeysRepository(db: Database) {
  return {
    async listPasskeys(userId: string): Promise<PasskeyRow[]> {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
    },

    async hasPasskeys(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: passkeys.id })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .limit(1);
      return row !== undefined;
    },

    async findPasskeyWithUser(credentialId: string) {
      const [row] = await db
        .select({ passkey: passkeys, user: users })
        .from(passkeys)
        .innerJoin(users, eq(users.id, passkeys.userId))
        .where(eq(passkeys.credentialId, credentialId))
        .limit(1);
      return row;
    },

    /**
     * Adds a passkey unless the user already holds `max` (their row locked while counting) or the
     * credential is registered already; undefined then.
     */
    async insertPasskeyWithin(
      max: number,
      values: typeof passkeys.$inferInsert,
    ): Promise<PasskeyRow | undefined> {
      return insertWithinQuota(
        db,
        values.userId,
        max,
        (tx) => tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, values.userId)),
        (tx) => tx.insert(passkeys).values(values).onConflictDoNothing().returning(),
      );
    },

    /** Records a use: the new counter (only forward, one conditional statement) and the time. */
    async recordPasskeyUse(id: string, previousCounter: number, newCounter: number): Promise<boolean> {
      return updateOne(
        db,
        passkeys,
        { counter: newCounter, lastUsedAt: new Date() },
        and(eq(passkeys.id, id), eq(passkeys.counter, previousCounter)),
      );
    },

    async deletePasskey(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id });
      return rows.length === 1;
    },

    async deleteAllPasskeys(userId: string): Promise<void> {
      await db.delete(passkeys).where(eq(passkeys.userId, userId));
    },

    async insertChallenge(values: typeof passkeyChallenges.$inferInsert): Promise<void> {
      await db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, new Date()));
      await db.insert(passkeyChallenges).values(values);
    },

    /**
     * Takes a live challenge of this purpose (and user or sign-in, when bound): one DELETE ...
     * RETURNING, so it answers one ceremony only, however many arrive at once.
     */
    async takeChallenge(
      challenge: string,
      purpose: PasskeyPurpose,
      bound: { userId?: string; sessionId?: string } = {},
    ): Promise<boolean> {
      const rows = await db
        .delete(passkeyChallenges)
        .where(
          and(
            eq(passkeyChallenges.challenge, challenge),
            eq(passkeyChallenges.purpose, purpose),
            gt(passkeyChallenges.expiresAt, new Date()),
            bound.userId === undefined ? undefined : eq(passkeyChallenges.userId, bound.userId),
            bound.sessionId === undefined ? undefined : eq(passkeyChallenges.sessionId, bound.sessionId),
          ),
        )
        .returning({ challenge: passkeyChallenges.challenge });
      return rows.length === 1;
    },
  };
}
