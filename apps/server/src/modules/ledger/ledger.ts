// The double-entry ledger that holds every user's money (cash and margin, demo and real books) and
// the house's accounts: posts balanced movements in one statement, refusing any that would take a
// user balance below zero, and reads balances and the checks that the books add up (a bonus's part
// of a balance: bonus.ts).
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor, Tx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema';

export type { Executor, Tx };

export const BOOKS = ['demo', 'real'] as const;
export type TBook = (typeof BOOKS)[number];

/** A user's account, or one of the house's. */
export type AccountRef =
  | { userId: string; book: TBook; kind: 'cash' | 'margin' }
  | {
      userId: null;
      book: 'house';
      kind:
        | 'fees'
        | 'trading'
        | 'spread'
        | 'demo'
        | 'deposits'
        | 'withdrawals'
        | 'commissions'
        | 'swaps'
        | 'write_offs'
        // Staff's balance operations: credits and corrections, and bonuses.
        | 'adjustments'
        | 'bonuses';
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
const DIVISION_BY_ZERO = '22012';

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

/** A piece of SQL text and its parameters, numbered from `firstParam` where the piece is placed. */
export interface NumberedSql {
  text(firstParam: number): string;
  params: unknown[];
}

/** An INSERT … RETURNING id to run with a movement. */
export type SourceInsert = NumberedSql;

/**
 * The whole movement in one statement: the transaction, its entries, and the user balances it
 * moves, each user row locked by its update in id order. A user balance that would go below zero
 * breaks the database's check, which the caller sees as InsufficientFundsError.
 *
 * Without `source`, nothing is written (and no id comes back) when one of the accounts does not
 * exist yet. With `source` (the insert of the row the money moves for, say an order), that row
 * and its money are written together: when the insert does nothing (a conflict) no money moves,
 * and a missing account fails the whole statement (a division by zero, as SQL has no plain way
 * to raise) so that no row is ever written without its money.
 *
 * Plain text and parameters, built without the query builder: this is every order's hot path.
 */
function movementStatement(movement: Movement, postings: Posting[], source?: SourceInsert) {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const values = postings
    .map(
      ({ account, amountCents }) =>
        `(${param(account.userId ?? NO_USER)}::uuid, ${param(account.book)}::text, ${param(account.kind)}::text, ${param(amountCents.toString())}::bigint)`,
    )
    .join(', ');
  const allFound = `(select count(*) from account) = ${postings.length}`;
  const kind = param(movement.kind);
  const refType = param(movement.refType ?? null);
  const sourceText = source ? source.text(params.length + 1) : '';
  if (source) params.push(...source.params);
  const text = `
    with posting (owner, book, kind, amount_cents) as (values ${values}),
    account as (
      select a.id, a.user_id, p.amount_cents
      from posting p join ledger_accounts a
        on coalesce(a.user_id, '${NO_USER}'::uuid) = p.owner and a.book = p.book and a.kind = p.kind
    ),
    ${source ? `source as (${sourceText}),` : ''}
    created as (
      insert into ledger_transactions (kind, ref_type, ref_id)
      ${
        source
          ? `select ${kind}::text, ${refType}::text, source.id::text from source where ${allFound}`
          : `select ${kind}::text, ${refType}::text, ${param(movement.refId ?? null)}::text where ${allFound}`
      }
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
    select (select id from created) as id${
      source
        ? `, (select count(*) from source)::int as inserted, 1 / (${allFound})::int as all_accounts_found`
        : ''
    }`;
  return { text, params };
}

/**
 * A prepared statement's name for a movement's text. The texts are few (one per shape of
 * movement and source), so each connection parses and plans each once.
 */
const statementNames = new Map<string, string>();
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (!name) {
    name = `movement_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
};

type MovementRow = { id: string | null; inserted?: number };

const movementResult = (rows: MovementRow[]) => ({
  id: rows[0]?.id ?? undefined,
  isInserted: (rows[0]?.inserted ?? 0) > 0,
});

/** The same statement inside a Drizzle transaction: its text and parameters as Drizzle SQL. */
const writeMovement = async (tx: Tx, movement: Movement, postings: Posting[]) => {
  const { text, params } = movementStatement(movement, postings);
  const chunks = text.split(/\$(\d+)/);
  const query = sql.join(
    chunks.map((chunk, index) => (index % 2 === 0 ? sql.raw(chunk) : sql`${params[Number(chunk) - 1]}`)),
  );
  const result = await tx.execute(query);
  return movementResult((result as unknown as { rows: MovementRow[] }).rows);
};

const checkBalanced = (movement: Movement) => {
  const postings = movement.postings.filter((posting) => posting.amountCents !== 0n);
  const total = postings.reduce((sum, posting) => sum + posting.amountCents, 0n);
  if (total !== 0n) throw new Error(`unbalanced ledger transaction ${movement.kind}: ${total}`);
  return postings;
};

const openAccounts = (db: Executor, postings: Posting[]) =>
  db
    .insert(ledgerAccounts)
    .values(
      postings.map(({ account }) => ({ userId: account.userId, book: account.book, kind: account.kind })),
    )
    .onConflictDoNothing();

const asInsufficientFunds = (error: unknown, movement: Movement) => {
  const cause = databaseErrorOf(error);
  return cause?.code === '23514' && cause.constraint === NOT_NEGATIVE
    ? new InsufficientFundsError(movement.insufficientMessage)
    : error;
};

/** One balanced transaction: what it is (`kind`), what it is for (`refType`, `refId`), its entries. */
export interface Movement {
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
  const postings = checkBalanced(movement);
  if (postings.length === 0) return '';
  try {
    const { id } = await writeMovement(tx, movement, postings);
    if (id) return id;
    // An account used for the first time: open it, then write.
    await openAccounts(tx, postings);
    const retried = await writeMovement(tx, movement, postings);
    if (!retried.id) throw new Error(`ledger accounts of ${movement.kind} could not be opened`);
    return retried.id;
  } catch (error) {
    throw asInsufficientFunds(error, movement);
  }
}

/**
 * Inserts a row and posts the money it moves, atomically, in one statement outside any
 * transaction: `insert` is an INSERT … ON CONFLICT DO NOTHING RETURNING id, whose id becomes the
 * movement's reference. Returns whether the row was inserted (false: it existed, and no money
 * moved). The cheapest way to open an order: one round trip instead of five.
 */
export async function insertWithMovement(
  handle: Pick<DatabaseHandle, 'db' | 'query'>,
  source: SourceInsert,
  movement: Omit<Movement, 'refId'>,
): Promise<boolean> {
  const postings = checkBalanced(movement);
  const { text, params } = movementStatement(movement, postings, source);
  const name = statementName(text);
  try {
    return movementResult(await handle.query<MovementRow>(text, params, name)).isInserted;
  } catch (error) {
    if (databaseErrorOf(error)?.code !== DIVISION_BY_ZERO) throw asInsufficientFunds(error, movement);
  }
  // An account used for the first time: nothing was written; open it and write again.
  await openAccounts(handle.db, postings);
  try {
    return movementResult(await handle.query<MovementRow>(text, params, name)).isInserted;
  } catch (error) {
    throw asInsufficientFunds(error, movement);
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

/** One movement of a user's money in a book: when, what, and by how much it moved the balance. */
export interface BalanceMove {
  tMs: number;
  kind: string;
  /** Cash and margin together: a margin held or released nets to zero. */
  netCents: bigint;
}

/** The movements of a user's balance (cash + margin) in one book since `sinceMs`, oldest first. */
export async function balanceMovesSince(
  db: Executor,
  userId: string,
  book: TBook,
  sinceMs: number,
): Promise<BalanceMove[]> {
  const rows = await db
    .select({
      createdAt: ledgerTransactions.createdAt,
      kind: ledgerTransactions.kind,
      net: sql<string>`sum(${ledgerEntries.amountCents})::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.book, book),
        gte(ledgerTransactions.createdAt, new Date(sinceMs)),
      ),
    )
    .groupBy(ledgerTransactions.id, ledgerTransactions.createdAt, ledgerTransactions.kind)
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id));
  return rows.map((row) => ({ tMs: row.createdAt.getTime(), kind: row.kind, netCents: BigInt(row.net) }));
}

/**
 * A user account's balance with its row locked until the transaction ends, for a write computed
 * from it: every movement of that account waits, so the balance read is the one written over
 * (zero when the account was never used, which locks nothing).
 */
export async function lockBalance(tx: Tx, account: AccountRef): Promise<bigint> {
  // The house keeps no running balance (its entries are summed): nothing to lock there.
  if (account.userId === null) throw new Error(`the house's ${account.kind} account has no balance to lock`);
  const [row] = await tx
    .select({ balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, account.userId),
        eq(ledgerAccounts.book, account.book),
        eq(ledgerAccounts.kind, account.kind),
      ),
    )
    .for('update');
  return row?.balance ?? 0n;
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

/** Whether a transaction of `kind` was ever posted for `refId` (a one-time grant, say). */
export async function hasTransaction(db: Executor, kind: string, refId: string): Promise<boolean> {
  const found = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, kind), eq(ledgerTransactions.refId, refId)))
    .limit(1);
  return found.length > 0;
}
