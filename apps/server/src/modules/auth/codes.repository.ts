// Storage of the account system's one-time secrets: e-mailed codes and links, recovery codes,
// sign-up and password-reset decoys, and used nonces. Each try at a code is counted before the
// code is compared, in one statement, so parallel guesses cannot get past the limit.
import { and, desc, eq, gt, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client';
import { updateOne } from '../../platform/db/locks';
import { recoveryCodes, signupDecoys, usedNonces, verificationCodes } from './auth.schema';

export type CodePurpose = (typeof verificationCodes.$inferInsert)['purpose'];
export type DecoyRow = typeof signupDecoys.$inferSelect;

/** How often expired nonces are deleted (per process). */
const NONCE_SWEEP_INTERVAL_MS = 60_000;

/** The user's codes of this purpose (and subject, where given) not used yet and not expired at `now`. */
const liveCodes = (userId: string, purpose: CodePurpose, subject: string | undefined, now: Date) =>
  and(
    eq(verificationCodes.userId, userId),
    eq(verificationCodes.purpose, purpose),
    isNull(verificationCodes.consumedAt),
    gt(verificationCodes.expiresAt, now),
    subject ? eq(verificationCodes.subject, subject) : undefined,
  );

/**
 * Counts one try at the code of the row of `table` that `where` picks, in one statement: the try
 * is counted before the code is compared, and none is given past `triesMax`, so parallel guesses
 * cannot all pass the check. The row's `returning` columns; undefined when no try was given.
 */
async function claimTry<T extends PgTable & { attempts: PgColumn }, R extends Record<string, PgColumn>>(
  db: Database,
  table: T,
  where: SQL | undefined,
  triesMax: number,
  returning: R,
): Promise<{ [K in keyof R]: R[K]['_']['data'] } | undefined> {
  // Without its own condition the try would be counted on every row still under `triesMax`.
  if (!where) throw new Error('claimTry needs a condition that picks the code');
  const rows: unknown[] = await db
    .update(table as PgTable)
    .set({ attempts: sql`${table.attempts} + 1` })
    .where(and(where, lt(table.attempts, triesMax)))
    .returning(returning as Record<string, PgColumn>);
  return rows[0] as { [K in keyof R]: R[K]['_']['data'] } | undefined;
}

/** The account system's one-time secrets: e-mailed codes and links, recovery codes, sign-up decoys and used nonces. */
export function createCodesRepository(db: Database) {
  let lastNonceSweepMs = 0;
  return {
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
        .where(liveCodes(userId, purpose, subject, new Date()))
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
    /**
     * Claims one try at the newest live code (see `claimTry`); undefined when there is no live code
     * or its tries are used up.
     */
    async claimCodeTry(
      userId: string,
      purpose: CodePurpose,
      subject: string | undefined,
      triesMax: number,
    ): Promise<{ id: string; codeHash: string; attempts: number } | undefined> {
      const now = new Date();
      const newest = db
        .select({ id: verificationCodes.id })
        .from(verificationCodes)
        .where(liveCodes(userId, purpose, subject, now))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return claimTry(
        db,
        verificationCodes,
        and(inArray(verificationCodes.id, newest), isNull(verificationCodes.consumedAt)),
        triesMax,
        {
          id: verificationCodes.id,
          codeHash: verificationCodes.codeHash,
          attempts: verificationCodes.attempts,
        },
      );
    },
    /** Marks a code used; false when another request used it first. */
    async consumeCode(codeId: string): Promise<boolean> {
      return updateOne(
        db,
        verificationCodes,
        { consumedAt: new Date() },
        and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)),
      );
    },

    async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        if (hashes.length > 0)
          await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
      });
    },
    /** Whether the user has a recovery code not used yet. */
    async hasRecoveryCodes(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: recoveryCodes.id })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
        .limit(1);
      return row !== undefined;
    },
    /** Uses a recovery code if it matches an unused one; true when it did. */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      return updateOne(
        db,
        recoveryCodes,
        { usedAt: new Date() },
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, codeHash),
          isNull(recoveryCodes.usedAt),
        ),
      );
    },

    /** A decoy pending sign-in (see `signupDecoys`); expired ones are cleared on the way. */
    async insertDecoy(values: { codeExpiresAt: Date; expiresAt: Date }): Promise<DecoyRow> {
      await db.delete(signupDecoys).where(lte(signupDecoys.expiresAt, new Date()));
      const [row] = await db.insert(signupDecoys).values(values).returning();
      if (!row) throw new Error('decoy insert returned nothing');
      return row;
    },
    async findDecoy(id: string): Promise<DecoyRow | undefined> {
      const [row] = await db.select().from(signupDecoys).where(eq(signupDecoys.id, id)).limit(1);
      return row;
    },
    /** A decoy's code try, counted as `claimCodeTry` counts a real one. */
    async claimDecoyTry(id: string, triesMax: number): Promise<{ attempts: number } | undefined> {
      const now = new Date();
      return claimTry(
        db,
        signupDecoys,
        and(eq(signupDecoys.id, id), gt(signupDecoys.codeExpiresAt, now), gt(signupDecoys.expiresAt, now)),
        triesMax,
        { attempts: signupDecoys.attempts },
      );
    },
    /**
     * The decoy of a password-reset code for an address that gets no real one (no account, or
     * not active), under an id made from the address: what a new reset code does to a real
     * account's, a fresh code with its tries back to none, counted the same way after.
     */
    async renewAddressDecoy(id: string, codeExpiresAt: Date): Promise<void> {
      await db.delete(signupDecoys).where(lte(signupDecoys.expiresAt, new Date()));
      await db
        .insert(signupDecoys)
        .values({ id, attempts: 0, codeExpiresAt, expiresAt: codeExpiresAt })
        .onConflictDoUpdate({
          target: signupDecoys.id,
          set: { attempts: 0, codeExpiresAt, expiresAt: codeExpiresAt },
        });
    },
    /** What a resend does to a real code: a fresh one, with its tries back to none. */
    async renewDecoyCode(id: string, codeExpiresAt: Date): Promise<void> {
      await db
        .update(signupDecoys)
        .set({ attempts: 0, codeExpiresAt })
        .where(and(eq(signupDecoys.id, id), gt(signupDecoys.expiresAt, new Date())));
    },

    /**
     * Records a nonce as used; false when it was used before (one statement, so once). Expired
     * nonces are swept at most once a minute by each process, not before every claim (every signed
     * API request claims one): a nonce past its expiry is refused by its own check first.
     */
    async claimNonce(nonceHash: string, expiresAt: Date): Promise<boolean> {
      if (Date.now() - lastNonceSweepMs >= NONCE_SWEEP_INTERVAL_MS) {
        lastNonceSweepMs = Date.now();
        await db.delete(usedNonces).where(lte(usedNonces.expiresAt, new Date()));
      }
      const rows = await db
        .insert(usedNonces)
        .values({ nonceHash, expiresAt })
        .onConflictDoNothing()
        .returning({ nonceHash: usedNonces.nonceHash });
      return rows.length === 1;
    },
  };
}
