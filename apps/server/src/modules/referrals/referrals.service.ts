import { formatScaled } from '@td/contracts/decimal';
import { referralLink, type TReferralsData } from '@td/contracts/referrals';
import type { Database } from '../../platform/db/client';
import type { AuthRepository, UserRow } from '../auth/auth.repository';
import type { IdentityFacts } from '../kyc/identity';
import { cash, house, post, type TBook, type Tx } from '../ledger/ledger';
import type { SettingsService } from '../settings/settings.service';
import type { OrdersRepository } from '../trading/orders.repository';
import { commissionFor, maskName, ratePpmOf } from './commission';
import { createReferralsRepository } from './referrals.repository';

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
  /** Who referred whom is the account system's to answer. */
  users: Pick<AuthRepository, 'referrerOf' | 'referredBy'>;
  /** The referred users' trading volume is the trading module's. */
  orders: Pick<OrdersRepository, 'realVolumes'>;
  /** Who is verified, and as whom, is the identity module's. */
  identity: Pick<IdentityFacts, 'levelOf' | 'identityOf'>;
}) {
  const repo = createReferralsRepository(deps.db);
  return {
    /**
     * Called by the orders service in the transaction that charges an opening fee: on a real
     * account of a referred user, the referrer's share is credited in that same transaction.
     * Only a referred user verified at level 2, whose identity is not the referrer's, earns it:
     * a second account of the referrer's own pays nothing.
     */
    async creditCommission(tx: Tx, charge: FeeCharge): Promise<bigint> {
      if (charge.book !== 'real' || charge.feeCents <= 0n) return 0n;
      const referrerId = await deps.users.referrerOf(tx, charge.userId);
      if (!referrerId) return 0n;
      const settings = await deps.settings.get('referral', tx);
      if (!settings.isEnabled) return 0n;
      if ((await deps.identity.levelOf(charge.userId, tx)) < 2) return 0n;
      const [theirs, referrers] = await Promise.all([
        deps.identity.identityOf(charge.userId, tx),
        deps.identity.identityOf(referrerId, tx),
      ]);
      if (theirs === undefined || theirs === referrers) return 0n;
      const commissionCents = commissionFor(charge.feeCents, ratePpmOf(settings.commissionRate));
      if (commissionCents <= 0n) return 0n;
      const ledgerTransactionId = await post(tx, {
        kind: 'referral_commission',
        refType: 'order',
        refId: charge.orderId,
        postings: [
          { account: house('commissions'), amountCents: -commissionCents },
          { account: cash(referrerId, 'real'), amountCents: commissionCents },
        ],
      });
      await repo.insertCommission(tx, {
        referrerId,
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
      const referred = await deps.users.referredBy(user.id);
      const [volumeOf, commissionOf, days, settings] = await Promise.all([
        deps.orders.realVolumes(referred.map((row) => row.id)),
        repo.earnedByReferred(user.id),
        repo.earnedByDay(user.id),
        deps.settings.get('referral'),
      ]);
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
        series: days.map((row) => ({ t: row.t, earned: formatScaled(row.earnedCents, 2) })),
      };
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
