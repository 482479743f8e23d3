import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { ledgerAccounts } from './ledger.schema';

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

/** The owner column as the accounts' unique index sees it (the house has no user). */
const NO_USER = '00000000-0000-0000-0000-000000000000';
const NOT_NEGATIVE = 'ledger_accounts_user_not_negative';

/** The database's own error behind a query error (Drizzle wraps it), if any. */
const databaseErrorOf = (error: unknown): { code?: string; constraint?: string } | undefined => {
  for (let current = error; current && typeof current === 'object'; ) {
    if ('code' in current && typeof current.code === 'string') {
      return current as { code?: string; constraint?: string };
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
};

/**
 * The whole movement in one statement: the transaction, its entries, and the user balances it
 * moves, each user row locked by its update in id order. Nothing is written (and no row comes
 * back) when one of the accounts does not exist yet. A user balance that would go below zero
 * breaks the database's check, which the caller sees as InsufficientFundsError.
 */
const writeMovement = async (tx: Tx, movement: Movement, postings: Posting[]) => {
  const wanted = sql.join(
    postings.map(
      (posting) =>
        sql`(${posting.account.userId ?? NO_USER}::uuid, ${posting.account.book}::text, ${posting.account.kind}::text, ${posting.amountCents}::bigint)`,
    ),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with posting (owner, book, kind, amount_cents) as (values ${wanted}),
    account as (
      select a.id, a.user_id, p.amount_cents
      from posting p join ledger_accounts a
        on coalesce(a.user_id, ${NO_USER}::uuid) = p.owner and a.book = p.book and a.kind = p.kind
    ),
    created as (
      insert into ledger_transactions (kind, ref_type, ref_id)
      select ${movement.kind}, ${movement.refType ?? null}, ${movement.refId ?? null}
      where (select count(*) from account) = ${postings.length}
      returning id
    ),
    entries as (
      insert into ledger_entries (transaction_id, account_id, amount_cents)
      select created.id, account.id, account.amount_cents from created cross join account
    ),
    moved as (
      update ledger_accounts a set balance_cents = a.balance_cents + change.amount_cents
      from (
        select id, sum(amount_cents) as amount_cents from account
        where user_id is not null and exists (select 1 from created)
        group by id order by id
      ) as change
      where a.id = change.id
    )
    select id from created`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows[0]?.id;
};

interface Movement {
  kind: string;
  refType?: string;
  refId?: string;
  postings: Posting[];
  insufficientMessage?: string;
}

/**
 * Posts one balanced transaction inside the caller's database transaction: entries summing to
 * zero, user balances moved, and no user account below zero (InsufficientFundsError instead).
 * A house account keeps no running balance: its balance is the sum of its entries, so any number
 * of orders can pay fees to it at once without waiting on each other.
 */
export async function post(tx: Tx, movement: Movement): Promise<string> {
  const postings = movement.postings.filter((posting) => posting.amountCents !== 0n);
  const total = postings.reduce((sum, posting) => sum + posting.amountCents, 0n);
  if (total !== 0n) throw new Error(`unbalanced ledger transaction ${movement.kind}: ${total}`);
  if (postings.length === 0) return '';
  try {
    const id = await writeMovement(tx, movement, postings);
    if (id) return id;
    // An account used for the first time: open it, then write.
    await tx
      .insert(ledgerAccounts)
      .values(
        postings.map(({ account }) => ({ userId: account.userId, book: account.book, kind: account.kind })),
      )
      .onConflictDoNothing();
    const retried = await writeMovement(tx, movement, postings);
    if (!retried) throw new Error(`ledger accounts of ${movement.kind} could not be opened`);
    return retried;
  } catch (error) {
    const cause = databaseErrorOf(error);
    if (cause?.code === '23514' && cause.constraint === NOT_NEGATIVE) {
      throw new InsufficientFundsError(movement.insufficientMessage);
    }
    throw error;
  }
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

/** Every user account whose running balance differs from the sum of its entries (should be none). */
export async function driftedAccounts(
  db: Executor,
): Promise<Array<{ id: string; balance: bigint; entries: bigint }>> {
  const rows = await db.execute(sql`
    select a.id, a.balance_cents as balance, coalesce(sum(e.amount_cents), 0) as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.user_id is not null
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
