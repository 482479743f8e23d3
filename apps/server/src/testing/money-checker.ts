import { pnlAt, type TSide } from '@td/contracts/trading-math';
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

  // An order's money moves once: opened (or reserved), charged its fee, each at most once; every
  // order that opened has its money.
  for (const row of await rowsOf<{ id: string; kind: string; n: number }>(
    db,
    sql`select ref_id as id, kind, count(*)::int as n from ledger_transactions
        where ref_type = 'order' and kind in ('open', 'reserve', 'fee')
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

  // Each realised result equals its recomputation from the fill and the close.
  for (const row of await rowsOf<{
    id: string;
    side: TSide;
    amount: string;
    margin: string;
    price: string;
    close: string;
    pnl: string;
  }>(
    db,
    sql`select id::text as id, side, amount_cents::text as amount, margin_cents::text as margin,
          price::text as price, close_price::text as close, pnl_cents::text as pnl
        from orders where close_price is not null and pnl_cents is not null and price is not null`,
  )) {
    const margin = BigInt(row.margin);
    const pnl = pnlAt(row.side, BigInt(row.amount), BigInt(row.price), BigInt(row.close));
    const payout = margin + pnl > 0n ? margin + pnl : 0n;
    const expected = payout - margin;
    if (expected !== BigInt(row.pnl))
      add('realised PnL differs from its recomputation', `${row.id}: ${row.pnl} ≠ ${expected}`);
  }

  // A fill, a take-profit, a stop-loss or a liquidation is told once.
  for (const row of await rowsOf<{ id: string; kind: string; n: number }>(
    db,
    sql`select payload->>'orderId' as id, kind, count(*)::int as n from notifications
        where kind in ('order_filled', 'take_profit', 'stop_loss', 'liquidation')
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

  return violations;
}
