// The bonus part of a user's cash (granted by staff, not withdrawable): kept on the cash account's
// row beside its balance, added when granted, and lowered to what the book still holds before any
// cash leaves it, so that losses are taken from the bonus first.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client';
import type { TBook } from './ledger';
import { ledgerAccounts } from './ledger.schema';

/**
 * A user's outstanding bonus in a book (not withdrawable), first lowered to what the book holds
 * (cash and margin): losses are taken from the bonus first. Locks the cash row: call it in the
 * transaction that then moves the cash, so that no other movement comes between.
 */
export async function lockOutstandingBonus(tx: Tx, userId: string, book: TBook): Promise<bigint> {
  const rows = await tx.execute(sql`
    update ledger_accounts a set bonus_cents = least(a.bonus_cents, greatest(0, a.balance_cents + coalesce((
      select m.balance_cents from ledger_accounts m
      where m.user_id = ${userId} and m.book = ${book} and m.kind = 'margin'), 0)))
    where a.user_id = ${userId} and a.book = ${book} and a.kind = 'cash'
    returning a.bonus_cents::text as bonus`);
  const [row] = (rows as unknown as { rows: Array<{ bonus: string }> }).rows;
  return BigInt(row?.bonus ?? '0');
}

/** Adds a granted bonus to the account's outstanding bonus (the cash row exists: it was just credited). */
export async function addBonus(tx: Tx, userId: string, book: TBook, cents: bigint): Promise<void> {
  await tx
    .update(ledgerAccounts)
    .set({ bonusCents: sql`${ledgerAccounts.bonusCents} + ${cents}` })
    .where(
      and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.book, book), eq(ledgerAccounts.kind, 'cash')),
    );
}

/** A user's outstanding bonus in a book, as last written (zero when never granted). */
export async function bonusOf(db: Executor, userId: string, book: TBook): Promise<bigint> {
  const [row] = await db
    .select({ bonus: ledgerAccounts.bonusCents })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.book, book), eq(ledgerAccounts.kind, 'cash')),
    );
  return row?.bonus ?? 0n;
}
