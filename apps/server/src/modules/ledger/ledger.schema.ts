import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, generatedId, requiredRef } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';

/**
 * A ledger account: one per (user, trading account, kind) and a few for the house. A user's balance
 * is kept in the same transaction as the entries that move it (a running total, checked against
 * the entries by a test) and can never go below zero, which the database enforces too. The house's
 * balances are derived from their entries only, so no order waits on a house row lock.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: generatedId(),
    /** Null for the house's accounts. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** `demo` or `real` for a user; the house's accounts name their purpose here. */
    book: text('book').notNull(),
    /** `cash` (available) or `margin` (held by open positions) for a user. */
    kind: text('kind').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * On a user's cash account: the bonuses staff granted that are still outstanding. They count in
     * the balance (so for margin) but are not withdrawable; written under the same row lock.
     */
    bonusCents: bigint('bonus_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_owner_key').on(
      sql`coalesce(${table.userId}, '00000000-0000-0000-0000-000000000000')`,
      table.book,
      table.kind,
    ),
    check('ledger_accounts_user_not_negative', sql`${table.userId} is null or ${table.balanceCents} >= 0`),
    // The house's balances are the sums of their entries: no running total to contend for.
    check('ledger_accounts_house_no_running', sql`${table.userId} is not null or ${table.balanceCents} = 0`),
    check('ledger_accounts_bonus_not_negative', sql`${table.bonusCents} >= 0`),
  ],
);

/** One movement of money: its entries sum to zero. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: generatedId(),
    kind: text('kind').notNull(),
    /** What caused it: an order, a deposit, a withdrawal, a reset. */
    refType: text('ref_type'),
    refId: text('ref_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_transactions_ref_idx').on(table.refType, table.refId),
    // The demo money is granted once per user, however many first orders race for it.
    uniqueIndex('ledger_transactions_demo_grant_key')
      .on(table.refId)
      .where(sql`${table.kind} = 'demo_grant'`),
    // A deposit is credited, and a withdrawal held and given back, at most once each.
    uniqueIndex('ledger_transactions_wallet_once_key')
      .on(table.kind, table.refId)
      .where(sql`${table.kind} in ('deposit', 'withdrawal_hold', 'withdrawal_refund')`),
    // A balance operation moves its money once, however many approvals race.
    uniqueIndex('ledger_transactions_balance_operation_once_key')
      .on(table.refId)
      .where(sql`${table.refType} = 'balance_operation'`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: generatedId(),
    transactionId: requiredRef('transaction_id', () => ledgerTransactions.id, 'restrict'),
    accountId: requiredRef('account_id', () => ledgerAccounts.id, 'restrict'),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId),
    index('ledger_entries_tx_idx').on(table.transactionId),
  ],
);
