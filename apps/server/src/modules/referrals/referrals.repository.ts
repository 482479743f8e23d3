import { eq, sql, sum } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/client';
import { referralCommissions } from './referrals.schema';

const DAY_MS = 86_400_000;

/** Commissions paid to referrers, one row per opening fee that earned one. */
export function createReferralsRepository(db: Database) {
  return {
    async insertCommission(
      executor: Executor,
      values: typeof referralCommissions.$inferInsert,
    ): Promise<void> {
      await executor.insert(referralCommissions).values(values);
    },

    /** What a referrer earned from each user they referred, in cents. */
    async earnedByReferred(referrerId: string): Promise<Map<string, bigint>> {
      const rows = await db
        .select({ userId: referralCommissions.referredId, earned: sum(referralCommissions.commissionCents) })
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
          earned: sum(referralCommissions.commissionCents),
        })
        .from(referralCommissions)
        .where(eq(referralCommissions.referrerId, referrerId))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return rows.map((row) => ({ t: Number(row.day) * DAY_MS, earnedCents: BigInt(row.earned ?? 0) }));
    },
  };
}
export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
