import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

export const BOOKS = ['demo', 'real'] as const;
export type TBook = (typeof BOOKS)[number];

/** A user's account, or one of the house's. */
export type AccountRef =
  | { userId: string; book: TBook; kind: 'cash' | 'margin' }
  | {
      userId: null;
      book: 'house';
      kind: 'fees' | 'trading' | 'demo' | 'deposits' | 'withdrawals' | 'commissions';
    };

export const cash = (userId: string, book: TBook): AccountRef => ({ userId, book, kind: 'cash' });
export const margin = (userId: string, book: TBook): AccountRef => ({ userId, book, kind: 'margin' });
export const house = (kind: Extract<AccountRef, { userId: null }>['kind']): AccountRef => ({
  userId: null,
  book: 'house',
  kind,
});

export interface Posting {
  account: AccountRef;
  /** Positive credits the account, negative debits it. */
  amountCents: bigint;
}

export class InsufficientFundsError extends AppError {
  constructor(message = 'Not enough free balance') {
    super('CONFLICT', message);
  }
}

const keyOf = (ref: AccountRef) => `${ref.userId ?? 'house'}|${ref.book}|${ref.kind}`;

/**
 * Finds (or opens) the accounts and locks them in one fixed order (by id), so two transactions
 * touching the same accounts never deadlock and never both spend the same money.
 */
async function lockAccounts(
  tx: Tx,
  refs: AccountRef[],
): Promise<Map<string, { id: string; balance: bigint; isUser: boolean }>> {
  const unique = [...new Map(refs.map((ref) => [keyOf(ref), ref])).values()];
  await tx
    .insert(ledgerAccounts)
    .values(unique.map((ref) => ({ userId: ref.userId, book: ref.book, kind: ref.kind })))
    .onConflictDoNothing();
  const wanted = new Set(unique.map(keyOf));
  const userIds = unique.flatMap((ref) => (ref.userId ? [ref.userId] : []));
  const candidates = await tx
    .select({
      id: ledgerAccounts.id,
      userId: ledgerAccounts.userId,
      book: ledgerAccounts.book,
      kind: ledgerAccounts.kind,
    })
    .from(ledgerAccounts)
    .where(
      or(
        userIds.length > 0 ? inArray(ledgerAccounts.userId, userIds) : undefined,
        unique.some((ref) => ref.userId === null) ? isNull(ledgerAccounts.userId) : undefined,
      ),
    );
  const rows = candidates.filter((row) => wanted.has(`${row.userId ?? 'house'}|${row.book}|${row.kind}`));
  const ids = rows.map((row) => row.id).sort();
  const locked = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(ledgerAccounts.id)
    .for('update');
  const balanceOf = new Map(locked.map((row) => [row.id, row.balance]));
  const result = new Map<string, { id: string; balance: bigint; isUser: boolean }>();
  for (const row of rows) {
    result.set(`${row.userId ?? 'house'}|${row.book}|${row.kind}`, {
      id: row.id,
      balance: balanceOf.get(row.id) ?? 0n,
      isUser: row.userId !== null,
    });
  }
  return result;
}

/**
 * Posts one balanced transaction inside the caller's database transaction: entries summing to
 * zero, balances moved, and no user account below zero (InsufficientFundsError instead).
 */
export async function post(
  tx: Tx,
  movement: {
    kind: string;
    refType?: string;
    refId?: string;
    postings: Posting[];
    insufficientMessage?: string;
  },
): Promise<string> {
  const postings = movement.postings.filter((posting) => posting.amountCents !== 0n);
  const total = postings.reduce((sum, posting) => sum + posting.amountCents, 0n);
  if (total !== 0n) throw new Error(`unbalanced ledger transaction ${movement.kind}: ${total}`);
  if (postings.length === 0) return '';
  const accounts = await lockAccounts(
    tx,
    postings.map((posting) => posting.account),
  );
  const changes = new Map<string, bigint>();
  for (const posting of postings) {
    const key = keyOf(posting.account);
    changes.set(key, (changes.get(key) ?? 0n) + posting.amountCents);
  }
  for (const [key, change] of changes) {
    const account = accounts.get(key);
    if (!account) throw new Error(`ledger account ${key} missing`);
    if (account.isUser && account.balance + change < 0n)
      throw new InsufficientFundsError(movement.insufficientMessage);
  }
  const [transaction] = await tx
    .insert(ledgerTransactions)
    .values({ kind: movement.kind, refType: movement.refType, refId: movement.refId })
    .returning({ id: ledgerTransactions.id });
  if (!transaction) throw new Error('ledger transaction insert returned nothing');
  await tx.insert(ledgerEntries).values(
    postings.map((posting) => ({
      transactionId: transaction.id,
      accountId: accounts.get(keyOf(posting.account))?.id ?? '',
      amountCents: posting.amountCents,
    })),
  );
  for (const [key, change] of changes) {
    const account = accounts.get(key);
    if (!account || change === 0n) continue;
    await tx
      .update(ledgerAccounts)
      .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${change}` })
      .where(eq(ledgerAccounts.id, account.id));
  }
  return transaction.id;
}

/** A user's cash and margin in one book (zero for accounts never used). */
export async function balancesOf(
  db: Executor,
  userId: string,
  book: TBook,
): Promise<{ cash: bigint; margin: bigint }> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.book, book)));
  const find = (kind: string) => rows.find((row) => row.kind === kind)?.balance ?? 0n;
  return { cash: find('cash'), margin: find('margin') };
}

/** Every account whose running balance differs from the sum of its entries (should be none). */
export async function driftedAccounts(
  db: Executor,
): Promise<Array<{ id: string; balance: bigint; entries: bigint }>> {
  const rows = await db.execute(sql`
    select a.id, a.balance_cents as balance, coalesce(sum(e.amount_cents), 0) as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance_cents
    having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`);
  return (rows as unknown as { rows: Array<{ id: string; balance: string; entries: string }> }).rows.map(
    (row) => ({
      id: row.id,
      balance: BigInt(row.balance),
      entries: BigInt(row.entries),
    }),
  );
}

/** The sum of every entry ever written: zero in a sound ledger. */
export async function ledgerTotal(db: Executor): Promise<bigint> {
  const rows = await db.execute(sql`select coalesce(sum(amount_cents), 0) as total from ledger_entries`);
  return BigInt((rows as unknown as { rows: Array<{ total: string }> }).rows[0]?.total ?? '0');
}
