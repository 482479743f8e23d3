import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { useAccounts, useTradingDesk } from '../../testing/use-trading-desk';
import { walletTransactions } from '../wallet/wallet.schema';

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Splits the report's CSV into rows of cells (every cell is quoted, no cell holds a line break here). */
const rowsOf = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));

describe('the back-office reports', () => {
  const desk = useTradingDesk();
  const { admin, trader } = useAccounts(desk, { admin: 'admin', trader: 'user' });

  const at = async (id: string, column: 'opened_at' | 'closed_at', ms: number) =>
    desk.t.deps.db.db.execute(
      sql`update orders set ${sql.raw(column)} = ${new Date(ms).toISOString()}::timestamptz where id = ${id}`,
    );
  const open = async (side: 'buy' | 'sell', amount: string) => {
    await desk.setQuote('BTC_USDT', 4_999_500, 5_000_500);
    const placed = await desk.order(trader, { side, type: 'market', amount, leverage: 5 });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json().data.id as string;
  };
  const close = async (id: string) => {
    const closed = await desk.call(trader, 'POST', `/orders/${id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
  };

  it("lists the day's orders opened or closed, and none of the day before", async () => {
    const now = Date.now();
    const today = day(now);
    const openedToday = await open('buy', '100');
    const closedToday = await open('sell', '200');
    await close(closedToday);
    const carried = await open('buy', '300');
    await close(carried);
    await at(carried, 'opened_at', now - DAY_MS);
    const yesterday = await open('buy', '400');
    await close(yesterday);
    await at(yesterday, 'opened_at', now - DAY_MS);
    await at(yesterday, 'closed_at', now - DAY_MS);

    const answer = await desk.call(admin, 'GET', `/admin/reports/daily?date=${today}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="orders-report-${today}.csv"`);
    const [header = [], ...lines] = rowsOf(answer.body);
    expect(header?.[0]).toBe('Order ID');
    const byId = new Map(
      lines.map((cells) => [cells[0], Object.fromEntries(header.map((h, i) => [h, cells[i]]))]),
    );
    expect([...byId.keys()].sort()).toEqual([openedToday, closedToday, carried].sort());
    expect(byId.get(closedToday)).toMatchObject({
      'User ID': trader.id,
      'E-mail': trader.email,
      Account: 'demo',
      Pair: 'BTC_USDT',
      Side: 'sell',
      Type: 'market',
      Amount: '200.00',
      Leverage: '5',
      Swap: '0.00',
    });
    const row = byId.get(closedToday);
    for (const money of ['Fee', 'Result', 'Open price', 'Close price'])
      expect(row?.[money], money).toMatch(/^-?\d+\.\d+$/);
    expect(byId.get(openedToday)?.['Closed at']).toBe('');

    const before = await desk.call(admin, 'GET', `/admin/reports/daily?date=${day(now - DAY_MS)}`);
    const earlier = rowsOf(before.body)
      .slice(1)
      .map((cells) => cells[0]);
    // The day before: the one opened and closed then, and the one opened then and closed today.
    expect(earlier.sort()).toEqual([carried, yesterday].sort());
  });

  it('refuses a day that is not a date, in the future, or before 2000', async () => {
    for (const date of ['2024-02-30', 'yesterday', day(Date.now() + DAY_MS), '1999-12-31', '']) {
      const answer = await desk.call(admin, 'GET', `/admin/reports/daily?date=${encodeURIComponent(date)}`);
      expect(answer.statusCode, date).toBe(400);
      expect(answer.json().details[0].field).toBe('querystring.date');
    }
    const user = await desk.call(trader, 'GET', `/admin/reports/daily?date=${day(Date.now())}`);
    expect(user.statusCode).toBe(403);
  });

  it("sets clients' Real balances against the wallet's record, per coin", async () => {
    const [alice, bob] = [await desk.newUser(), await desk.newUser()];
    await desk.fundReal(alice, 150_000n);
    await desk.fundReal(bob, 25_050n);
    const base = { address: 'T-test', coinUnits: '0', rate: '1' };
    const tx = (
      user: TestUser,
      kind: 'deposit' | 'withdrawal',
      status: string,
      network: string,
      coinUnits: string,
      decimals: number,
      cents: bigint,
    ) => ({
      ...base,
      userId: user.id,
      kind,
      coin: 'usdt',
      network,
      status,
      coinUnits,
      coinDecimals: decimals,
      amountCents: cents,
    });
    await desk.t.deps.db.db.insert(walletTransactions).values([
      // 1,000 USDT on Tron (6 decimals) and 750.5 on BSC (18 decimals), credited.
      tx(alice, 'deposit', 'cnf', 'tron', '1000000000', 6, 100_000n),
      tx(bob, 'deposit', 'cnf', 'bsc', '750500000000000000000', 18, 75_050n),
      // 500 sent and confirmed, 25 sent: both left the wallet.
      tx(alice, 'withdrawal', 'cnf', 'tron', '500000000', 6, 50_000n),
      tx(bob, 'withdrawal', 'snt', 'tron', '25000000', 6, 2_500n),
      // Not on record: a deposit under review, a withdrawal not yet sent.
      tx(bob, 'deposit', 'suspicous', 'tron', '9000000', 6, 900n),
      tx(alice, 'withdrawal', 'prc', 'tron', '7000000', 6, 700n),
    ]);

    const answer = await desk.call(admin, 'GET', '/admin/reports/client-money');
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json().data;
    // Computed here from what this test wrote: 1000 + 750.5 − 500 − 25 = 1225.5 USDT at 1 USD.
    const usdt = report.coins.find((coin: { coin: string }) => coin.coin === 'usdt');
    expect(usdt).toMatchObject({
      deposited: '1750.500000000000000000',
      withdrawn: '525.000000000000000000',
      held: '1225.500000000000000000',
      price: '1',
      heldValue: '1225.50',
      depositedUsd: '1750.50',
      withdrawnUsd: '525.00',
    });
    // The only Real money in this desk is what was funded above: 1,500.00 + 250.50.
    const [owed] = (
      (await desk.t.deps.db.db.execute(
        sql`select coalesce(sum(e.amount_cents), 0)::text as cents from ledger_entries e
            join ledger_accounts a on a.id = e.account_id where a.user_id is not null and a.book = 'real'`,
      )) as unknown as { rows: { cents: string }[] }
    ).rows;
    expect(owed?.cents).toBe('175050');
    expect(report.liability).toEqual({ cash: '1750.50', margin: '0.00', total: '1750.50' });
    expect(report.heldValue).toBe('1225.50');
    expect(report.difference).toBe('-525.00');

    const csv = await desk.call(admin, 'GET', '/admin/reports/client-money?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('"USDT","1750.500000000000000000"');
    expect(csv.body).toContain('"Difference (USD)","-525.00"');
  });
});
