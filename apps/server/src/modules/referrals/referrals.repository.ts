// Storage of referral commissions, one per opening fee that earned one: recording, clawbacks, a
// referrer's earnings by referred user and by day, and, for the back-office, which referred
// accounts share a sign-in address, device or payout address with the referrer.
import type { TReferralFlag } from '@td/contracts/referrals';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../platform/db/client';
import { updateById } from '../../platform/db/rows';
import { DAY_MS } from '../../platform/time-units';
import { users } from '../auth/auth.schema';
import { type ReferralCommissionRow, referralCommissions } from './referrals.schema';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await executor.execute(query)) as unknown as Rows<T>).rows;

/** A commission still counted as earned: not clawed back. */
const earned = sql<string>`sum(case when ${referralCommissions.clawedBackAt} is null then ${referralCommissions.commissionCents} else 0 end)`;

/** Commissions paid to referrers, one row per opening fee that earned one. */
export function createReferralsRepository(db: Database) {
  return {
    async insertCommission(
      executor: Executor,
      values: typeof referralCommissions.$inferInsert,
    ): Promise<void> {
      await executor.insert(referralCommissions).values(values);
    },

    /** What a referrer earned from each user they referred, in cents (clawbacks taken off). */
    async earnedByReferred(referrerId: string): Promise<Map<string, bigint>> {
      const rows = await db
        .select({ userId: referralCommissions.referredId, earned })
        .from(referralCommissions)
        .where(eq(referralCommissions.referrerId, referrerId))
        .groupBy(referralCommissions.referredId);
      return new Map(rows.map((row) => [row.userId, BigInt(row.earned ?? 0)]));
    },

    /** What a referrer earned per UTC day (the day's start in ms), oldest first. */
    async earnedByDay(referrerId: string): Promise<Array<{ t: number; earnedCents: bigint }>> {
      const rows = await db
        .select({
          day: sql<string>`floor(extract(epoch from ${referralCommissions.createdAt}) * 1000 / ${DAY_MS})`,
          earned,
        })
        .from(referralCommissions)
        .where(eq(referralCommissions.referrerId, referrerId))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return rows.map((row) => ({ t: Number(row.day) * DAY_MS, earnedCents: BigInt(row.earned ?? 0) }));
    },

    /** The commissions a referrer earned, the most recent first, with each referred user's e-mail. */
    async commissionsOf(referrerId: string, limit: number) {
      return db
        .select({ commission: referralCommissions, referredEmail: users.email })
        .from(referralCommissions)
        .innerJoin(users, eq(users.id, referralCommissions.referredId))
        .where(eq(referralCommissions.referrerId, referrerId))
        .orderBy(desc(referralCommissions.createdAt), desc(referralCommissions.id))
        .limit(limit);
    },

    /** A commission as locked until the transaction ends, while it is not clawed back yet. */
    async lockOpen(tx: Tx, id: string): Promise<ReferralCommissionRow | undefined> {
      const [row] = await tx
        .select()
        .from(referralCommissions)
        .where(and(eq(referralCommissions.id, id), isNull(referralCommissions.clawedBackAt)))
        .for('update');
      return row;
    },

    async find(id: string, executor: Executor = db): Promise<ReferralCommissionRow | undefined> {
      const [row] = await executor.select().from(referralCommissions).where(eq(referralCommissions.id, id));
      return row;
    },

    async recordClawback(
      tx: Tx,
      id: string,
      values: Pick<
        typeof referralCommissions.$inferInsert,
        | 'clawedBackAt'
        | 'clawedBackBy'
        | 'clawbackReason'
        | 'clawbackCents'
        | 'owedCents'
        | 'clawbackLedgerTransactionId'
      >,
    ): Promise<ReferralCommissionRow> {
      const row = await updateById(tx, referralCommissions, id, values);
      if (!row) throw new Error('referral commission update returned nothing');
      return row;
    },

    /**
     * Which of `others` share with `userId` a sign-in address (a successful sign-in's or a
     * session's IP), a device (a successful sign-in's device hash) or a withdrawal address.
     */
    async sharedWith(userId: string, others: string[]): Promise<Map<string, Set<TReferralFlag>>> {
      const found = new Map<string, Set<TReferralFlag>>();
      if (others.length === 0) return found;
      const ids = sql.join(
        others.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const add = (flag: TReferralFlag) => (rows: Array<{ user_id: string }>) => {
        for (const row of rows) {
          const flags = found.get(row.user_id) ?? new Set<TReferralFlag>();
          flags.add(flag);
          found.set(row.user_id, flags);
        }
      };
      const addresses = sql`(select user_id, ip from login_events where outcome = 'success'
        union select user_id, ip from sessions)`;
      add('ip')(
        await rowsOf(
          db,
          sql`select distinct theirs.user_id::text as user_id from ${addresses} theirs
              join ${addresses} mine on mine.ip = theirs.ip
              where mine.user_id = ${userId}::uuid and theirs.user_id in (${ids})`,
        ),
      );
      add('device')(
        await rowsOf(
          db,
          sql`select distinct theirs.user_id::text as user_id from login_events theirs
              join login_events mine on mine.device_hash = theirs.device_hash
              where mine.user_id = ${userId}::uuid and mine.outcome = 'success'
                and theirs.outcome = 'success' and theirs.user_id in (${ids})`,
        ),
      );
      add('payout_address')(
        await rowsOf(
          db,
          sql`select distinct theirs.user_id::text as user_id from wallet_transactions theirs
              join wallet_transactions mine
                on mine.address = theirs.address and mine.network = theirs.network
              where mine.user_id = ${userId}::uuid and mine.kind = 'withdrawal'
                and theirs.kind = 'withdrawal' and theirs.user_id in (${ids})`,
        ),
      );
      return found;
    },

    /** Accounts by id: their e-mail. */
    async emails(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((row) => [row.id, row.email]));
    },
  };
}
export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
