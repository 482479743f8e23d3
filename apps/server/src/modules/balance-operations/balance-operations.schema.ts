import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef } from '../../platform/db/columns';
import { userOwned, users } from '../auth/auth.schema';

/**
 * Money staff put into or took out of a user's account (`credit`, `bonus`, `correction`,
 * `fee_refund`). One above the approval threshold waits as `pending` for a second member of staff;
 * `applied` has its ledger transaction (one, by the ledger's unique index), `rejected` never will.
 */
export const balanceOperations = pgTable(
  'balance_operations',
  {
    ...userOwned('restrict'),
    /** `demo` or `real`. */
    book: text('book').notNull(),
    kind: text('kind').notNull(),
    /** Signed: a negative correction takes money out. Never zero. */
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    requestedBy: requiredRef('requested_by', () => users.id, 'restrict'),
    /** Who approved or rejected it (null when it needed no approval, or still waits). */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    rejectReason: text('reject_reason'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (table) => [
    index('balance_operations_status_idx').on(table.status, table.createdAt),
    index('balance_operations_user_idx').on(table.userId, table.createdAt),
    check('balance_operations_amount_not_zero', sql`${table.amountCents} <> 0`),
    check(
      'balance_operations_only_corrections_negative',
      sql`${table.amountCents} > 0 or ${table.kind} = 'correction'`,
    ),
    check('balance_operations_status', sql`${table.status} in ('pending', 'applied', 'rejected')`),
    check('balance_operations_kind', sql`${table.kind} in ('credit', 'bonus', 'correction', 'fee_refund')`),
    // Four eyes: the one who decides is never the one who asked.
    check(
      'balance_operations_four_eyes',
      sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.requestedBy}`,
    ),
    check(
      'balance_operations_applied_at',
      sql`(${table.status} = 'applied') = (${table.appliedAt} is not null)`,
    ),
  ],
);
export type BalanceOperationRow = typeof balanceOperations.$inferSelect;
