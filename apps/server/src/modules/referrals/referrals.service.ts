import { formatScaled } from '@td/contracts/decimal';
import { referralLink, type TReferralsData } from '@td/contracts/referrals';
import { and, asc, eq, inArray, isNotNull, sql, sum } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import type { UserRow } from '../auth/auth.repository';
import { users } from '../auth/auth.schema';
import { cash, house, post, type TBook, type Tx } from '../ledger/ledger';
import type { SettingsService } from '../settings/settings.service';
import { orders } from '../trading/orders.schema';
import { commissionFor, maskName, ratePpmOf } from './commission';
import { referralCommissions } from './referrals.schema';

const DAY_MS = 86_400_000;

/** An opening fee just charged, inside the transaction that charged it. */
export interface FeeCharge {
  userId: string;
  book: TBook;
  orderId: string;
  feeCents: bigint;
}

/**
 * Referrals: a user's code and link, and the commission their referred users' real-account
 * opening fees earn them, paid from the house's `commissions` account through the ledger.
 */
export function createReferralsService(deps: {
  db: Database;
  settings: Pick<SettingsService, 'get'>;
  publicUrl: string;
}) {
  const { db } = deps;
  return {
    /**
     * Called by the orders service in the transaction that charges an opening fee: on a real
     * account of a referred user, the referrer's share is credited in that same transaction.
     */
    async creditCommission(tx: Tx, charge: FeeCharge): Promise<bigint> {
      if (charge.book !== 'real' || charge.feeCents <= 0n) return 0n;
      const [payer] = await tx
        .select({ referredBy: users.referredBy })
        .from(users)
        .where(eq(users.id, charge.userId));
      if (!payer?.referredBy) return 0n;
      const settings = await deps.settings.get('referral', tx);
      if (!settings.isEnabled) return 0n;
      const commissionCents = commissionFor(charge.feeCents, ratePpmOf(settings.commissionRate));
      if (commissionCents <= 0n) return 0n;
      const ledgerTransactionId = await post(tx, {
        kind: 'referral_commission',
        refType: 'order',
        refId: charge.orderId,
        postings: [
          { account: house('commissions'), amountCents: -commissionCents },
          { account: cash(payer.referredBy, 'real'), amountCents: commissionCents },
        ],
      });
      await tx.insert(referralCommissions).values({
        referrerId: payer.referredBy,
        referredId: charge.userId,
        orderId: charge.orderId,
        feeCents: charge.feeCents,
        commissionCents,
        ledgerTransactionId,
      });
      return commissionCents;
    },

    /** GET /profile/referrals: the code, the link, the totals, the referred users and the earnings by day. */
    async summary(user: UserRow): Promise<TReferralsData> {
      const referred = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          deletedAt: users.deletedAt,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(eq(users.referredBy, user.id))
        .orderBy(asc(users.createdAt));
      const ids = referred.map((row) => row.id);
      const [volumes, commissions, days, settings] = await Promise.all([
        ids.length === 0
          ? []
          : db
              .select({ userId: orders.userId, volume: sum(orders.amountCents) })
              .from(orders)
              .where(and(inArray(orders.userId, ids), eq(orders.book, 'real'), isNotNull(orders.openedAt)))
              .groupBy(orders.userId),
        db
          .select({
            userId: referralCommissions.referredId,
            earned: sum(referralCommissions.commissionCents),
          })
          .from(referralCommissions)
          .where(eq(referralCommissions.referrerId, user.id))
          .groupBy(referralCommissions.referredId),
        db
          .select({
            day: sql<string>`floor(extract(epoch from ${referralCommissions.createdAt}) * 1000 / ${DAY_MS})`,
            earned: sum(referralCommissions.commissionCents),
          })
          .from(referralCommissions)
          .where(eq(referralCommissions.referrerId, user.id))
          .groupBy(sql`1`)
          .orderBy(sql`1`),
        deps.settings.get('referral'),
      ]);
      const volumeOf = new Map(volumes.map((row) => [row.userId, BigInt(row.volume ?? 0)]));
      const commissionOf = new Map(commissions.map((row) => [row.userId, BigInt(row.earned ?? 0)]));
      const earned = [...commissionOf.values()].reduce((total, value) => total + value, 0n);
      return {
        code: user.referralCode,
        link: referralLink(deps.publicUrl, user.referralCode),
        count: referred.length,
        earned: formatScaled(earned, 2),
        commissionRate: settings.commissionRate,
        items: referred
          .map((row) => ({
            name: row.deletedAt ? 'Deleted user' : maskName(row.firstName, row.lastName),
            joinedAt: row.createdAt.toISOString(),
            volume: formatScaled(volumeOf.get(row.id) ?? 0n, 2),
            commission: formatScaled(commissionOf.get(row.id) ?? 0n, 2),
          }))
          .reverse(),
        series: days.map((row) => ({
          t: Number(row.day) * DAY_MS,
          earned: formatScaled(BigInt(row.earned ?? 0), 2),
        })),
      };
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
