import { bigint, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
  },
  (table) => [
    // An order's fee is charged once, so it pays one commission at most.
    uniqueIndex('referral_commissions_order_key').on(table.orderId),
    index('referral_commissions_referrer_idx').on(table.referrerId, table.createdAt),
  ],
);
