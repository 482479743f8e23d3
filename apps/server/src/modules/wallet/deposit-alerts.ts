import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import { users } from '../auth/auth.schema';
import type { Notify } from '../notifications/notifications.service';
import { depositAlerts, type WalletTxRow } from './wallet.schema';

/** Why a transfer seen paying a customer was not credited. */
export type TNotCreditedReason = (typeof depositAlerts.$inferInsert)['reason'];

/** A transfer seen paying a customer's deposit address. */
export interface ObservedTransfer {
  network: string;
  txHash: string;
  logIndex: number;
  address: string;
  userId: string;
  token: string | null;
  coinUnits: string;
  depositId?: string;
}

/** The transfer a recorded deposit stands for, with the deposit named. */
export function transferOfDeposit(row: WalletTxRow): ObservedTransfer {
  return {
    network: row.network,
    txHash: row.txHash ?? '',
    logIndex: row.logIndex ?? 0,
    address: row.address,
    userId: row.userId,
    token: row.token,
    coinUnits: row.coinUnits,
    depositId: row.id,
  };
}

const REASON_TEXT: Record<TNotCreditedReason, string> = {
  duplicate_key: 'another deposit holds its key',
  not_supported: 'the token is not supported',
  below_minimum: 'below the minimum deposit',
};

/**
 * The back-office's alert of a transfer seen paying a customer and not credited: recorded once
 * per transfer (its network, transaction, index and recipient), and on that first record told
 * to every administrator through the notification centre (kind `deposit_not_credited`). Seeing
 * the transfer again, on a later pass or after a restart, records and tells nothing.
 */
export function createDepositAlerts(deps: { db: Database; notify: Notify; logger: Logger }) {
  const { db } = deps;
  return {
    async notCredited(transfer: ObservedTransfer, reason: TNotCreditedReason): Promise<boolean> {
      const [row] = await db
        .insert(depositAlerts)
        .values({ ...transfer, depositId: transfer.depositId ?? null, reason })
        .onConflictDoNothing()
        .returning();
      if (!row) return false;
      deps.logger.warn(
        { network: row.network, txHash: row.txHash, logIndex: row.logIndex, reason },
        'deposit seen and not credited',
      );
      const staff = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)));
      for (const admin of staff)
        await deps.notify(admin.id, 'deposit_not_credited', {
          message: `A deposit to a customer was not credited (${REASON_TEXT[reason]}): ${row.network} ${row.txHash} #${row.logIndex}`,
          alertId: row.id,
          userId: row.userId,
          network: row.network,
          txHash: row.txHash,
          logIndex: row.logIndex,
          address: row.address,
          token: row.token,
          coinUnits: row.coinUnits,
          reason,
          depositId: row.depositId,
        });
      return true;
    },
  };
}
export type DepositAlerts = ReturnType<typeof createDepositAlerts>;
