import { PAYMENT_CODE } from '@td/contracts/statuses';
import type { Database } from '../../platform/db/client';
import { lockOutstandingBonus } from '../ledger/bonus';
import { cash, house, post, type Tx } from '../ledger/ledger';
import type { WalletRepository } from './wallet.repository';
import type { WalletTxRow } from './wallet.schema';

/** Withdrawal statuses from which the funds still come back. */
export const REFUNDABLE = [
  PAYMENT_CODE.pending,
  PAYMENT_CODE.processing,
  PAYMENT_CODE.underReview,
  PAYMENT_CODE.dropped,
  PAYMENT_CODE.sent,
] as const;
/** Statuses that end a withdrawal with the funds returned. */
export type RefundStatus = 'flr' | 'werror' | 'rerr' | 'rjt' | 'cnc';

/** A confirmed deposit: USD into the user's real cash, from the house's deposits account. */
export async function creditDeposit(tx: Tx, row: WalletTxRow, cents: bigint): Promise<void> {
  // Losses are taken from a bonus first: what the account lost before this deposit is no longer bonus.
  await lockOutstandingBonus(tx, row.userId, 'real');
  await post(tx, {
    kind: 'deposit',
    refType: 'wallet',
    refId: row.id,
    postings: [
      { account: cash(row.userId, 'real'), amountCents: cents },
      { account: house('deposits'), amountCents: -cents },
    ],
  });
}

/** Takes a withdrawal's amount (fee included) from free cash; InsufficientFundsError otherwise. */
export async function holdWithdrawal(tx: Tx, row: WalletTxRow): Promise<void> {
  const cents = row.amountCents ?? 0n;
  await post(tx, {
    kind: 'withdrawal_hold',
    refType: 'wallet',
    refId: row.id,
    insufficientMessage: 'Not enough free balance for this withdrawal',
    postings: [
      { account: cash(row.userId, 'real'), amountCents: -cents },
      { account: house('withdrawals'), amountCents: cents },
    ],
  });
}

/**
 * Ends a withdrawal with its funds back, once: the row is locked in one of `from`, moved to
 * `status`, and the hold (if any) reversed in the same transaction. False when the row had moved on.
 */
export async function endWithRefund(
  db: Database,
  repo: WalletRepository,
  id: string,
  status: RefundStatus,
  options: { from?: readonly string[]; reason?: string | null; userId?: string } = {},
): Promise<WalletTxRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await repo.lock(tx, id, [...(options.from ?? REFUNDABLE)], options.userId);
    if (!row) return undefined;
    const updated = await repo.update(tx, id, { status, reason: options.reason ?? row.reason });
    if (row.heldAt) {
      const cents = row.amountCents ?? 0n;
      await post(tx, {
        kind: 'withdrawal_refund',
        refType: 'wallet',
        refId: row.id,
        postings: [
          { account: house('withdrawals'), amountCents: -cents },
          { account: cash(row.userId, 'real'), amountCents: cents },
        ],
      });
    }
    return updated;
  });
}
