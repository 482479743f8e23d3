// The back-office's work on withdrawals: the list with owners' e-mails, approving one under review
// (never for a suspended account), rejecting one with its funds returned, and marking one sent by
// hand. Every decision is audited and the user is told.
import type { TNetwork } from '@td/contracts/constants';
import { PAYMENT_CODE } from '@td/contracts/statuses';
import type { ZWalletTransactionsQuery } from '@td/contracts/wallet';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { DAY_MS } from '../../platform/time-units';
import type { AuditLog } from '../admin/audit';
import type { WalletRepository } from './wallet.repository';
import type { WalletTxRow } from './wallet.schema';
import { toWalletTxDto } from './wallet.service';
import { endWithRefund } from './wallet-ledger';
import type { WalletNotices } from './wallet-notices';

const PERIOD_DAYS: Record<string, number | undefined> = { all: undefined, '1Y': 365, '1M': 30, '1W': 7 };
/** What the audit log keeps of a withdrawal. */
const auditWithdrawal = (row: WalletTxRow) => ({
  userId: row.userId,
  status: row.status,
  reason: row.reason,
  txHash: row.txHash,
});

export function createWalletAdmin(deps: {
  db: Database;
  repo: WalletRepository;
  logger: Logger;
  /** Networks where the sender broadcasts and confirms withdrawals itself. */
  senderNetworks: ReadonlySet<TNetwork>;
  /** The back-office audit log: every decision on a withdrawal is written there. */
  audit: AuditLog;
  notices: WalletNotices;
}) {
  const { db, repo, logger } = deps;
  const record = (actorId: string, action: string, before: WalletTxRow, after: WalletTxRow) =>
    deps.audit.record(
      { id: actorId },
      {
        action,
        targetType: 'withdrawal',
        targetId: before.id,
        before: auditWithdrawal(before),
        after: auditWithdrawal(after),
      },
    );
  const withdrawal = async (id: string) => {
    const row = await repo.find(id);
    if (row?.kind !== 'withdrawal') throw notFound('Withdrawal not found');
    return row;
  };
  return {
    async list(query: Omit<z.output<typeof ZWalletTransactionsQuery>, 'kind'>) {
      const days = PERIOD_DAYS[query.period];
      const { items, total } = await repo.list(
        {
          kind: 'withdrawal',
          status: query.status,
          network: query.network,
          since: days === undefined ? undefined : new Date(Date.now() - days * DAY_MS),
        },
        query.page,
        query.limit,
      );
      const emails = await repo.emailsOf(items.map((row) => row.userId));
      return {
        items: items.map((row) => ({
          ...toWalletTxDto(row),
          userId: row.userId,
          userEmail: emails.get(row.userId) ?? '',
        })),
        page: query.page,
        limit: query.limit,
        total,
      };
    },

    /**
     * A reviewed withdrawal goes on to the sender; not one of a suspended or deleted account (the
     * user row is share-locked, so a suspension waits for the decision, and the sender checks too).
     */
    async approve(actorId: string, id: string) {
      const before = await withdrawal(id);
      const row = await db.transaction(async (tx) => {
        const locked = await repo.lock(tx, id, [PAYMENT_CODE.underReview]);
        if (!locked) return undefined;
        if (!(await repo.isAccountActive(locked.userId, tx)))
          throw conflict(
            'The account is suspended: reactivate it before approving, or reject the withdrawal',
          );
        return repo.update(tx, id, { status: PAYMENT_CODE.processing });
      });
      if (!row) throw conflict('Only a withdrawal under review can be approved');
      await record(actorId, 'withdrawal.approve', before, row);
      await deps.notices.withdrawalApproved(row);
      logger.info({ withdrawal: id }, 'withdrawal approved');
      return toWalletTxDto(row);
    },

    /** Rejected with a reason the user sees; the funds go back. */
    async reject(actorId: string, id: string, reason: string) {
      const before = await withdrawal(id);
      const row = await endWithRefund(db, repo, id, PAYMENT_CODE.rejected, {
        from: [PAYMENT_CODE.underReview, PAYMENT_CODE.processing],
        reason,
      });
      if (!row) throw conflict('Only a withdrawal under review or waiting to be sent can be rejected');
      await record(actorId, 'withdrawal.reject', before, row);
      await deps.notices.withdrawalReturned(row);
      logger.info({ withdrawal: id, reason }, 'withdrawal rejected');
      return toWalletTxDto(row);
    },

    /**
     * A withdrawal sent by hand (networks with no sender): recorded with its hash. Where no sender
     * follows the chain, the administrator's word is final and it is confirmed at once.
     */
    async markSent(actorId: string, id: string, txHash: string) {
      const found = await withdrawal(id);
      const followed = deps.senderNetworks.has(found.network as TNetwork);
      const row = await db.transaction(async (tx) => {
        const locked = await repo.lock(tx, id, [PAYMENT_CODE.processing]);
        return locked
          ? repo.update(tx, id, { status: followed ? PAYMENT_CODE.sent : PAYMENT_CODE.confirmed, txHash })
          : undefined;
      });
      if (!row) throw conflict('Only an approved withdrawal waiting to be sent can be marked as sent');
      await record(actorId, 'withdrawal.mark-sent', found, row);
      await deps.notices.withdrawalSent(row);
      return toWalletTxDto(row);
    },
  };
}
export type WalletAdmin = ReturnType<typeof createWalletAdmin>;
