import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { loginEvents, recoveryCodes, sessions, users, verificationCodes } from './auth.schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type CodePurpose = (typeof verificationCodes.$inferInsert)['purpose'];
export type SessionStage = SessionRow['stage'];

/** Database work of the account system, and nothing else. */
export function createAuthRepository(db: Database) {
  // Every signed-in request reads its session: built once and, on PostgreSQL, a named statement
  // each connection parses and plans once.
  const sessionWithUser = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .limit(1)
    .prepare('session_with_user');

  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },
    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findUserByGoogleSub(sub: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
      return row;
    },
    async findUserByReferralCode(code: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.referralCode, code)).limit(1);
      return row;
    },
    /** Inserts a user; undefined when the e-mail (or referral code) is taken. */
    async insertUser(values: typeof users.$inferInsert): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
      return row;
    },
    async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    /** Accepts a TOTP step only if it is newer than the last one: atomic, so a code works once. */
    async claimTotpStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ tfaLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.tfaLastStep), lt(users.tfaLastStep, step))))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    async insertSession(values: typeof sessions.$inferInsert): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(values).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },
    async findSessionWithUser(
      sessionId: string,
    ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await sessionWithUser.execute({ sessionId });
      return row;
    },
    /** Moves a session to its next stage, only from the stage expected (two requests cannot both). */
    async advanceSession(
      sessionId: string,
      from: SessionStage,
      to: SessionStage,
      expiresAt: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ stage: to, expiresAt, lastSeenAt: new Date() })
        .where(and(eq(sessions.id, sessionId), eq(sessions.stage, from), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },
    async touchSession(sessionId: string, ip: string): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: new Date(), ip }).where(eq(sessions.id, sessionId));
    },
    async revokeSession(userId: string, sessionId: string): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },
    /** Revokes every live session of a user, except `keep` when given. */
    async revokeSessions(userId: string, keep?: string): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keep ? sql`${sessions.id} <> ${keep}` : undefined,
          ),
        )
        .returning({ id: sessions.id });
      return rows.length;
    },
    async listActiveSessions(userId: string): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            eq(sessions.stage, 'active'),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(sessions.lastSeenAt));
    },

    /** A new code replaces every earlier unused one of the same purpose (and subject). */
    async replaceCode(values: typeof verificationCodes.$inferInsert): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(verificationCodes)
          .set({ consumedAt: new Date() })
          .where(
            and(
              eq(verificationCodes.userId, values.userId),
              eq(verificationCodes.purpose, values.purpose),
              isNull(verificationCodes.consumedAt),
              values.subject ? eq(verificationCodes.subject, values.subject) : undefined,
            ),
          );
        await tx.insert(verificationCodes).values(values);
      });
    },
    async findLiveCode(userId: string, purpose: CodePurpose, subject?: string) {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.userId, userId),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, new Date()),
            subject ? eq(verificationCodes.subject, subject) : undefined,
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row;
    },
    async findLiveCodeByLink(linkHash: string) {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.linkHash, linkHash),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row;
    },
    /** Counts a wrong try; returns the tries so far. */
    async countWrongTry(codeId: string): Promise<number> {
      const [row] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, codeId))
        .returning({ attempts: verificationCodes.attempts });
      return row?.attempts ?? 0;
    },
    /** Marks a code used; false when another request used it first. */
    async consumeCode(codeId: string): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },

    async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        if (hashes.length > 0)
          await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
      });
    },
    /** Uses a recovery code if it matches an unused one; true when it did. */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length === 1;
    },

    async insertLoginEvent(values: typeof loginEvents.$inferInsert): Promise<void> {
      await db.insert(loginEvents).values(values);
    },
    async hasSucceededFrom(
      userId: string,
      deviceHash: string,
    ): Promise<{ isKnown: boolean; hasAny: boolean }> {
      const [row] = await db
        .select({
          known: sql<number>`count(*) filter (where ${loginEvents.deviceHash} = ${deviceHash})`.mapWith(
            Number,
          ),
          any: count(),
        })
        .from(loginEvents)
        .where(and(eq(loginEvents.userId, userId), eq(loginEvents.outcome, 'success')));
      return { isKnown: (row?.known ?? 0) > 0, hasAny: (row?.any ?? 0) > 0 };
    },
    async listLoginEvents(userId: string, page: number, limit: number) {
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(loginEvents)
          .where(eq(loginEvents.userId, userId))
          .orderBy(desc(loginEvents.createdAt))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(loginEvents).where(eq(loginEvents.userId, userId)),
      ]);
      return { items, total: total?.n ?? 0 };
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
