import type { TSide } from '@td/contracts/trading-math';
import { sql } from 'drizzle-orm';
import { driftedAccounts, type Executor } from '../modules/ledger/ledger';

/** One broken rule, named, with what broke it. */
export interface Violation {
  rule: string;
  detail: string;
}

type Rows<T> = { rows: T[] };
/** The rows a statement returns, on either database. */
export const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/**
 * Whether the money adds up after whatever happened to the processes (crashes, restarts, races):
 * read from the database alone, each rule a query or a recomputation. `acknowledged` is every
 * order id the API answered 201 for. An empty list means nothing was lost or counted twice.
 */
export async function checkMoney(
  db: Executor,
  options: { acknowledgedOrderIds?: readonly string[] } = {},
): Promise<Violation[]> {
  const violations: Violation[] = [];
  const add = (rule: string, detail: string) => violations.push({ rule, detail });

  // Every movement of money sums to zero.
  for (const row of await rowsOf<{ id: string; total: string }>(
    db,
    sql`select transaction_id as id, sum(amount_cents)::text as total from ledger_entries
        group by transaction_id having sum(amount_cents) <> 0`,
  ))
    add('transaction does not sum to zero', `${row.id}: ${row.total}`);

  // Every running balance equals its entries, and none is negative.
  for (const account of await driftedAccounts(db))
    add('balance differs from its entries', `${account.id}: ${account.balance} ≠ ${account.entries}`);
  for (const row of await rowsOf<{ id: string; balance: string }>(
    db,
    sql`select id, balance_cents::text as balance from ledger_accounts
        where user_id is not null and balance_cents < 0`,
  ))
    add('negative balance', `${row.id}: ${row.balance}`);

  // Every acknowledged order exists.
  const acknowledged = [...new Set(options.acknowledgedOrderIds ?? [])];
  if (acknowledged.length > 0) {
    const found = new Set(
      (
        await rowsOf<{ id: string }>(
          db,
          sql`select id::text as id from orders where id::text in (${sql.join(
            acknowledged.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      ).map((row) => row.id),
    );
    for (const id of acknowledged) if (!found.has(id)) add('acknowledged order missing', id);
  }

  // An order's money moves once: opened (or reserved), charged its fee, its reserve given back
  // (cancelled, expired), each at most once; every order that opened has its money.
  for (const row of await rowsOf<{ id: string; kind: string; n: number }>(
    db,
    sql`select ref_id as id, kind, count(*)::int as n from ledger_transactions
        where ref_type = 'order' and kind in ('open', 'reserve', 'fee', 'release')
        group by ref_id, kind having count(*) > 1`,
  ))
    add('order money moved twice', `${row.kind} of ${row.id}: ${row.n} times`);
  for (const row of await rowsOf<{ id: string }>(
    db,
    sql`select o.id::text as id from orders o
        where o.status in ('act', 'exc', 'mcl') and o.parent_id is null and not exists (
          select 1 from ledger_transactions t
          where t.kind in ('open', 'reserve') and t.ref_type = 'order' and t.ref_id = o.id::text)`,
  ))
    add('position without its opening money', row.id);

  // A position closes once: one settlement per closed order, none for an order still open.
  for (const row of await rowsOf<{ id: string; n: number }>(
    db,
    sql`select ref_id as id, count(*)::int as n from ledger_transactions
        where kind = 'close' and ref_type = 'order' group by ref_id having count(*) > 1`,
  ))
    add('position settled twice', `${row.id}: ${row.n} settlements`);
  for (const row of await rowsOf<{ id: string }>(
    db,
    sql`select o.id::text as id from orders o where o.close_price is not null and not exists (
          select 1 from ledger_transactions t
          where t.kind = 'close' and t.ref_type = 'order' and t.ref_id = o.id::text)`,
  ))
    add('closed position without settlement', row.id);
  for (const row of await rowsOf<{ id: string }>(
    db,
    sql`select o.id::text as id from orders o where o.close_price is null and exists (
          select 1 from ledger_transactions t
          where t.kind = 'close' and t.ref_type = 'order' and t.ref_id = o.id::text)`,
  ))
    add('open position with a settlement', row.id);

  // Each realised result equals its recomputation from the fill and the close: a position closed
  // in parts books, over its parts, the rounded result of all of them (the fraction of a cent left
  // is carried on the position), and each part books its own result to within a cent. A loss no
  // balance could pay (beyond the margin in `isolated`, beyond margin and cash in `cross`) is the
  // house's write-off, recorded with the close: the result booked plus the write-off is the whole.
  for (const family of await closedFamilies(db)) {
    let made = 0n;
    let booked = 0n;
    const entry = BigInt(family.entry);
    for (const row of family.closed) {
      const amount = BigInt(row.amount);
      const margin = BigInt(row.margin);
      const writeOff = BigInt(row.writeOff);
      const pnl = BigInt(row.pnl);
      const whole = pnl - writeOff;
      // The swaps a part settled are in its result, beside what the price made.
      const swap = BigInt(row.swap);
      const own = amount * (row.side === 'buy' ? BigInt(row.close) - entry : entry - BigInt(row.close));
      const low = floorDiv(own, entry) + swap;
      const high = -floorDiv(-own, entry) + swap;
      if (whole < low || whole > high)
        add(
          'realised PnL differs from its recomputation',
          `${row.id}: ${pnl} (written off ${writeOff}) not within ${low}…${high}`,
        );
      if (writeOff < 0n || (writeOff > 0n && row.mode === 'isolated' && pnl !== -margin))
        add('write-off where a balance could pay', `${row.id}: ${writeOff} written off, ${pnl} booked`);
      made += own;
      booked += whole - swap;
    }
    const carry = BigInt(family.carry);
    const whole = made - carry;
    if (carry < 0n || carry >= entry || whole % entry !== 0n)
      add('realised PnL differs from its recomputation', `${family.id}: carry ${carry} of ${made}`);
    else if (booked !== whole / entry)
      add(
        'realised PnL differs from its recomputation',
        `${family.id}: parts booked ${booked}, their whole result rounds to ${whole / entry}`,
      );
  }

  // A fill, a take-profit, a stop-loss, a liquidation, a stop-limit's trigger, an expiry or a
  // stop-out is told once.
  for (const row of await rowsOf<{ id: string; kind: string; n: number }>(
    db,
    sql`select payload->>'orderId' as id, kind, count(*)::int as n from notifications
        where kind in ('order_filled', 'take_profit', 'stop_loss', 'liquidation', 'stop_triggered',
          'order_expired', 'stop_out')
        group by payload->>'orderId', kind having count(*) > 1`,
  ))
    add('fill notified twice', `${row.kind} of ${row.id}: ${row.n} notifications`);

  // A confirmed deposit is credited exactly once; a held withdrawal held once, given back at most once.
  for (const row of await rowsOf<{ id: string; n: number }>(
    db,
    sql`select w.id::text as id, count(t.id)::int as n from wallet_transactions w
        left join ledger_transactions t on t.kind = 'deposit' and t.ref_id = w.id::text
        where w.kind = 'deposit' and w.status = 'cnf' group by w.id having count(t.id) <> 1`,
  ))
    add('deposit not credited exactly once', `${row.id}: ${row.n} credits`);
  for (const row of await rowsOf<{ id: string; n: number }>(
    db,
    sql`select w.id::text as id, count(t.id)::int as n from wallet_transactions w
        left join ledger_transactions t on t.kind = 'withdrawal_hold' and t.ref_id = w.id::text
        where w.kind = 'withdrawal' and w.held_at is not null group by w.id having count(t.id) <> 1`,
  ))
    add('withdrawal not held exactly once', `${row.id}: ${row.n} holds`);

  // A balance operation moves its money once when applied, never while pending or once rejected,
  // and by its own amount into the user's cash.
  for (const row of await rowsOf<{ id: string; status: string; n: number }>(
    db,
    sql`select b.id::text as id, b.status, count(t.id)::int as n from balance_operations b
        left join ledger_transactions t on t.ref_type = 'balance_operation' and t.ref_id = b.id::text
        group by b.id, b.status
        having count(t.id) <> (case when b.status = 'applied' then 1 else 0 end)`,
  ))
    add(
      'balance operation not moved exactly as its status says',
      `${row.id} (${row.status}): ${row.n} transactions`,
    );
  for (const row of await rowsOf<{ id: string }>(
    db,
    sql`select b.id::text as id from balance_operations b
        join ledger_transactions t on t.ref_type = 'balance_operation' and t.ref_id = b.id::text
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.user_id = b.user_id
          and a.book = b.book and a.kind = 'cash'
        group by b.id, b.amount_cents having sum(e.amount_cents) <> b.amount_cents`,
  ))
    add('balance operation moved another amount', row.id);

  return violations;
}

const floorDiv = (a: bigint, b: bigint) => (a % b !== 0n && a < 0n !== b < 0n ? a / b - 1n : a / b);

interface ClosedRow {
  id: string;
  side: TSide;
  amount: string;
  margin: string;
  close: string;
  pnl: string;
  swap: string;
  /** What the house wrote off at this close (0 when the balances paid the whole loss). */
  writeOff: string;
  /** The margin mode of the owner's group now. */
  mode: 'isolated' | 'cross';
}

/**
 * Every position with something closed, with its closed rows (itself once closed, and the parts
 * closed from it) and what its parts carry.
 */
async function closedFamilies(
  db: Executor,
): Promise<Array<{ id: string; entry: string; carry: string; closed: ClosedRow[] }>> {
  const rows = await rowsOf<ClosedRow & { family: string; entry: string; carry: string | null }>(
    db,
    sql`select o.id::text as id, coalesce(o.parent_id, o.id)::text as family, o.side,
          o.amount_cents::text as amount, o.margin_cents::text as margin, o.close_price::text as close,
          o.pnl_cents::text as pnl, o.swap::text as swap, coalesce(p.price, o.price)::text as entry,
          coalesce(p.pnl_carry, o.pnl_carry)::text as carry,
          coalesce((select -sum(e.amount_cents) from ledger_transactions t
            join ledger_entries e on e.transaction_id = t.id
            join ledger_accounts a on a.id = e.account_id and a.book = 'house' and a.kind = 'write_offs'
            where t.kind = 'close' and t.ref_type = 'order' and t.ref_id = o.id::text), 0)::text as "writeOff",
          coalesce((select g.margin_mode from users u join client_groups g on g.id = u.group_id
            where u.id = o.user_id), 'isolated') as mode
        from orders o left join orders p on p.id = o.parent_id
        where o.close_price is not null and o.pnl_cents is not null and o.price is not null`,
  );
  const families = new Map<string, { id: string; entry: string; carry: string; closed: ClosedRow[] }>();
  for (const row of rows) {
    const family = families.get(row.family) ?? {
      id: row.family,
      entry: row.entry,
      carry: row.carry ?? '0',
      closed: [],
    };
    family.closed.push(row);
    families.set(row.family, family);
  }
  return [...families.values()];
}
