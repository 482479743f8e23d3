// Database work of the account system: users (e-mail verification, two-factor, Google link) and
// sessions (stages, revocation, last seen), with one-time codes, passkeys and sign-in history
// merged in from their own repositories. Holds no rules about when these change.
import { USER_CODE } from '@td/contracts/statuses';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/client';
import { revokeOwn, updateOne } from '../../platform/db/locks';
import { updateById } from '../../platform/db/rows';
import { sessions, users } from './auth.schema';
import { createCodesRepository } from './codes.repository';
import { createLoginEventsRepository } from './login-events.repository';
import { createPasskeysRepository } from './passkeys.repository';

export type { CodePurpose, DecoyRow } from './codes.repository';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type SessionStage = SessionRow['stage'];

/** A session still signed in: past its second factor, neither revoked nor expired. */
const signedIn = () =>
  and(eq(sessions.stage, 'active'), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));

/**
 * Database work of the account system, and nothing else: users and sessions here, one-time codes
 * (`codes.repository.ts`) and sign-in history (`login-events.repository.ts`) beside it.
 */
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
  // The same for the requests that arrive together (a batched lookup): one text whatever their
  // number, so PostgreSQL plans it once per connection too.
  const sessionsWithUsers = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.id} = any(${sql.placeholder('sessionIds')}::uuid[])`)
    .prepare('sessions_with_users');
  /** The user `where` picks, if any. */
  const findUser = async (where: SQL): Promise<UserRow | undefined> => {
    const [row] = await db.select().from(users).where(where).limit(1);
    return row;
  };

  return {
    findUserByEmail: (email: string) => findUser(eq(users.email, email)),
    findUserById: (id: string) => findUser(eq(users.id, id)),
    findUserByGoogleSub: (sub: string) => findUser(eq(users.googleSub, sub)),
    findUserByReferralCode: (code: string) => findUser(eq(users.referralCode, code)),
    /** Inserts a user; undefined when the e-mail (or referral code) is taken. */
    /** Who referred a user (null: nobody), read where the caller's transaction runs. */
    async referrerOf(executor: Executor, userId: string): Promise<string | null> {
      const [row] = await executor
        .select({ referredBy: users.referredBy })
        .from(users)
        .where(eq(users.id, userId));
      return row?.referredBy ?? null;
    },

    /** The users someone referred, the earliest first. */
    async referredBy(userId: string) {
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          deletedAt: users.deletedAt,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(eq(users.referredBy, userId))
        .orderBy(asc(users.createdAt));
    },

    async insertUser(values: typeof users.$inferInsert): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
      return row;
    },
    async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
      return updateById(db, users, id, { ...values, updatedAt: new Date() });
    },
    /** Accepts a TOTP step only if it is newer than the last one: atomic, so a code works once. */
    async claimTotpStep(userId: string, step: number): Promise<boolean> {
      return updateOne(
        db,
        users,
        { tfaLastStep: step },
        and(eq(users.id, userId), or(isNull(users.tfaLastStep), lt(users.tfaLastStep, step))),
      );
    },
    /**
     * Links a Google account to a user not linked yet, on the row as locked. A password nobody
     * has shown to be the mailbox owner's (the address unverified, or verified by the link alone)
     * may be someone else's: it goes (`tookOver`). Undefined when another link won the race.
     */
    async linkGoogle(
      userId: string,
      googleSub: string,
    ): Promise<{ user: UserRow; tookOver: boolean } | undefined> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!locked || locked.googleSub) return undefined;
        const tookOver = !locked.emailVerifiedAt || locked.passwordUnproven;
        const now = new Date();
        const [user] = await tx
          .update(users)
          .set({
            googleSub,
            emailVerifiedAt: locked.emailVerifiedAt ?? now,
            ...(tookOver ? { passwordHash: null, passwordUnproven: false, passwordChangedAt: now } : {}),
            updatedAt: now,
          })
          .where(eq(users.id, userId))
          .returning();
        return user ? { user, tookOver } : undefined;
      });
    },
    /**
     * Marks the address verified, in one statement. `byPasswordHolder`: whoever proved the
     * mailbox also holds the password (the sign-in that chose or typed it), so the password is
     * proven; otherwise a password set before the address was first verified stays unproven.
     */
    async verifyEmail(userId: string, byPasswordHolder: boolean): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          passwordUnproven: byPasswordHolder
            ? false
            : sql`case when ${users.emailVerifiedAt} is null then ${users.passwordHash} is not null
                else ${users.passwordUnproven} end`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },
    /**
     * Turns two-factor on with the secret the user confirmed, only if it is still off, still that
     * secret, and still pending for the session confirming it (one conditional statement).
     */
    async enableTfa(userId: string, secret: string, sessionId: string, step: number): Promise<boolean> {
      const now = new Date();
      return updateOne(
        db,
        users,
        {
          tfaSecret: secret,
          tfaPendingSecret: null,
          tfaPendingSessionId: null,
          tfaEnabled: true,
          tfaLastStep: step,
          tfaChangedAt: now,
          updatedAt: now,
        },
        and(
          eq(users.id, userId),
          eq(users.tfaEnabled, false),
          eq(users.tfaPendingSecret, secret),
          eq(users.tfaPendingSessionId, sessionId),
        ),
      );
    },
    /** Turns two-factor off, only if it is on: two requests cannot both. */
    async disableTfa(userId: string): Promise<boolean> {
      const now = new Date();
      return updateOne(
        db,
        users,
        {
          tfaSecret: null,
          tfaPendingSecret: null,
          tfaPendingSessionId: null,
          tfaEnabled: false,
          tfaLastStep: null,
          tfaChangedAt: now,
          updatedAt: now,
        },
        and(eq(users.id, userId), eq(users.tfaEnabled, true)),
      );
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
      return updateOne(
        db,
        sessions,
        { stage: to, expiresAt, lastSeenAt: new Date() },
        and(eq(sessions.id, sessionId), eq(sessions.stage, from), isNull(sessions.revokedAt)),
      );
    },
    /** Sessions with their users, by id, in one query (ids not found are missing). */
    async findSessionsWithUsers(
      sessionIds: string[],
    ): Promise<Map<string, { session: SessionRow; user: UserRow }>> {
      if (sessionIds.length === 0) return new Map();
      const rows = await sessionsWithUsers.execute({ sessionIds });
      return new Map(rows.map((row) => [row.session.id, row]));
    },
    /** "Last seen" now, from each session's address, for many sessions in one statement. */
    async touchSessions(touches: Array<{ sessionId: string; ip: string }>): Promise<void> {
      if (touches.length === 0) return;
      const latest = new Map(touches.map((touch) => [touch.sessionId, touch.ip]));
      const ips = sql.join(
        [...latest].map(([sessionId, ip]) => sql`when ${sessionId}::uuid then ${ip}`),
        sql` `,
      );
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(), ip: sql`case ${sessions.id} ${ips} else ${sessions.ip} end` })
        .where(inArray(sessions.id, [...latest.keys()]));
    },
    async revokeSession(userId: string, sessionId: string): Promise<boolean> {
      return revokeOwn(db, sessions, userId, sessionId);
    },
    /** Revokes every live session of a user, except `keep` when given; the ids of those revoked. */
    async revokeSessions(userId: string, keep?: string): Promise<string[]> {
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
      return rows.map((row) => row.id);
    },
    /**
     * Of the sessions given, those still signed in (active, neither revoked nor expired, of an
     * active user), each with its user.
     */
    async liveSessions(sessionIds: string[]): Promise<Array<{ id: string; userId: string }>> {
      if (sessionIds.length === 0) return [];
      return db
        .select({ id: sessions.id, userId: sessions.userId })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, sessionIds), signedIn(), eq(users.status, USER_CODE.active)));
    },
    async listActiveSessions(userId: string): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), signedIn()))
        .orderBy(desc(sessions.lastSeenAt));
    },

    ...createCodesRepository(db),
    ...createPasskeysRepository(db),
    ...createLoginEventsRepository(db),
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
