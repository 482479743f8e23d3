import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    referredId: uuid('referred_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull(),
    commissionCents: bigint('commission_cents', { mode: 'bigint' }).notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
