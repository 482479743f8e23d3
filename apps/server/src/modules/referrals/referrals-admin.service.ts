import { formatScaled } from '@td/contracts/decimal';
import type {
  TAdminReferralCommission,
  TAdminReferralLink,
  TAdminReferrals,
  TReferralFlag,
} from '@td/contracts/referrals';
import type { Database } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../admin/audit';
import type { AuthRepository } from '../auth/auth.repository';
import type { IdentityFacts } from '../kyc/identity';
import { cash, house, lockBalance, post } from '../ledger/ledger';
import type { Notify } from '../notifications/notifications.service';
import { createReferralsRepository } from './referrals.repository';
import type { ReferralCommissionRow } from './referrals.schema';

/** The most referred users and commissions a user's back-office page lists. */
const LISTED_MAX = 50;

const money = (cents: bigint | null) => (cents === null ? null : formatScaled(cents, 2));

export const toAdminCommission = (
  row: ReferralCommissionRow,
  referredEmail: string,
): TAdminReferralCommission => ({
  id: row.id,
  referredId: row.referredId,
  referredEmail,
  orderId: row.orderId,
  fee: formatScaled(row.feeCents, 2),
  commission: formatScaled(row.commissionCents, 2),
  createdAt: row.createdAt.toISOString(),
  clawedBackAt: row.clawedBackAt?.toISOString() ?? null,
  clawbackReason: row.clawbackReason,
  clawedBack: money(row.clawbackCents),
  owed: money(row.owedCents),
});

/**
 * Referrals as staff see them on a user's page: the referrer and the referred users, each with
 * what links the two accounts (a shared sign-in address, device, withdrawal address, or the same
 * verified identity), and the commissions paid; and the clawback of a commission.
 */
export function createReferralsAdmin(deps: {
  db: Database;
  users: Pick<AuthRepository, 'referrerOf' | 'referredBy'>;
  identity: Pick<IdentityFacts, 'levelOf' | 'identityOf'>;
  audit: AuditLog;
  notify: Notify;
}) {
  const { db } = deps;
  const repo = createReferralsRepository(db);

  /** The other side of each referral of `userId`, with what links the two accounts. */
  const linksOf = async (userId: string, others: string[]): Promise<TAdminReferralLink[]> => {
    const [shared, emails, mine] = await Promise.all([
      repo.sharedWith(userId, others),
      repo.emails(others),
      deps.identity.identityOf(userId),
    ]);
    return Promise.all(
      others.map(async (other) => {
        const [level, theirs] = await Promise.all([
          deps.identity.levelOf(other),
          deps.identity.identityOf(other),
        ]);
        const flags = new Set<TReferralFlag>(shared.get(other));
        if (mine !== undefined && theirs === mine) flags.add('identity');
        return {
          userId: other,
          email: emails.get(other) ?? '',
          kycLevel: level,
          flags: (['ip', 'device', 'payout_address', 'identity'] as const).filter((flag) => flags.has(flag)),
        };
      }),
    );
  };

  return {
    async overviewOf(userId: string): Promise<TAdminReferrals> {
      const [referrerId, referred, commissions] = await Promise.all([
        deps.users.referrerOf(db, userId),
        deps.users.referredBy(userId),
        repo.commissionsOf(userId, LISTED_MAX),
      ]);
      const referees = referred
        .slice(-LISTED_MAX)
        .reverse()
        .map((row) => row.id);
      const [referrer, links] = await Promise.all([
        referrerId ? linksOf(userId, [referrerId]) : Promise.resolve([]),
        linksOf(userId, referees),
      ]);
      return {
        referrer: referrer[0] ?? null,
        referees: links,
        commissions: commissions.map((row) => toAdminCommission(row.commission, row.referredEmail)),
      };
    },

    /**
     * Takes a commission back, once: on the commission row as locked and the referrer's real cash
     * as locked, a reverse transaction moves the commission from their cash back to the house's
     * `commissions` account, never more than the cash holds (no balance goes below zero); what
     * the cash cannot cover is recorded on the commission as owed. Audited; the referrer is told.
     */
    async clawback(actor: AuditActor, id: string, reason: string): Promise<TAdminReferralCommission> {
      const row = await db.transaction(async (tx) => {
        const open = await repo.lockOpen(tx, id);
        if (!open) {
          if (await repo.find(id, tx)) throw conflict('This commission was already clawed back');
          throw notFound('Commission not found');
        }
        const available = await lockBalance(tx, cash(open.referrerId, 'real'));
        const taken =
          available <= 0n ? 0n : available < open.commissionCents ? available : open.commissionCents;
        const ledgerTransactionId =
          taken > 0n
            ? await post(tx, {
                kind: 'referral_clawback',
                refType: 'referral_commission',
                refId: open.id,
                postings: [
                  { account: cash(open.referrerId, 'real'), amountCents: -taken },
                  { account: house('commissions'), amountCents: taken },
                ],
              })
            : null;
        const updated = await repo.recordClawback(tx, id, {
          clawedBackAt: new Date(),
          clawedBackBy: actor.id,
          clawbackReason: reason,
          clawbackCents: taken,
          owedCents: open.commissionCents - taken,
          clawbackLedgerTransactionId: ledgerTransactionId,
        });
        await deps.audit.record(
          actor,
          {
            action: 'referral.clawback',
            targetType: 'referral_commission',
            targetId: id,
            before: { commission: formatScaled(open.commissionCents, 2), clawedBack: null },
            after: {
              reason,
              clawedBack: formatScaled(taken, 2),
              owed: formatScaled(open.commissionCents - taken, 2),
            },
          },
          tx,
        );
        return updated;
      });
      const emails = await repo.emails([row.referredId]);
      const commission = toAdminCommission(row, emails.get(row.referredId) ?? '');
      await deps.notify(row.referrerId, 'referral_clawback', {
        message: `A referral commission of ${commission.commission} USD was taken back: ${reason}`,
        commissionId: row.id,
        commission: commission.commission,
        clawedBack: commission.clawedBack,
        owed: commission.owed,
        reason,
      });
      return commission;
    },
  };
}
export type ReferralsAdmin = ReturnType<typeof createReferralsAdmin>;
