import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, generatedId, requiredRef } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { ledgerTransactions } from '../ledger/ledger.schema';
import { orders } from '../trading/orders.schema';

/**
 * One referral commission: the fee a referred user paid on opening a real position and the share
 * of it credited to their referrer (the money itself moved by the ledger transaction named here).
 */
export const referralCommissions = pgTable(
  'referral_commissions',
  {
    id: generatedId(),
    referrerId: requiredRef('referrer_id', () => users.id, 'restrict'),
    referredId: requiredRef('referred_id', () => users.id, 'restrict'),
    orderId: requiredRef('order_id', () => orders.id, 'restrict'),
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull(),
    commissionCents: bigint('commission_cents', { mode: 'bigint' }).notNull(),
    ledgerTransactionId: requiredRef('ledger_transaction_id', () => ledgerTransactions.id, 'restrict'),
    createdAt: createdAt(),
    /**
     * Clawed back by staff: when, by whom, why, what the reverse ledger transaction took from the
     * referrer's free cash (never more than it held), and the rest still owed.
     */
    clawedBackAt: timestamp('clawed_back_at', { withTimezone: true }),
    clawedBackBy: uuid('clawed_back_by').references(() => users.id, { onDelete: 'restrict' }),
    clawbackReason: text('clawback_reason'),
    clawbackCents: bigint('clawback_cents', { mode: 'bigint' }),
    owedCents: bigint('owed_cents', { mode: 'bigint' }),
    clawbackLedgerTransactionId: uuid('clawback_ledger_transaction_id').references(
      () => ledgerTransactions.id,
      { onDelete: 'restrict' },
    ),
  },
  (table) => [
    // An order's fee is charged once, so it pays one commission at most.
    uniqueIndex('referral_commissions_order_key').on(table.orderId),
    index('referral_commissions_referrer_idx').on(table.referrerId, table.createdAt),
  ],
);
export type ReferralCommissionRow = typeof referralCommissions.$inferSelect;
