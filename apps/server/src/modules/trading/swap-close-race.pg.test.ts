import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { checkMoney } from '../../testing/money-checker';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { rolloversBetween, swapCharge, swapRateUnits } from './rollover';
import { createSwapJob } from './swap-job';

const DAY_MS = 86_400_000;

/**
 * Closes and partial closes sent while two swap jobs charge the same positions. On PostgreSQL they
 * truly run in parallel: a position's swaps are charged once each, and settled once, with what it
 * had accumulated when its close locked it, whatever the interleaving.
 */
describe('closes racing the swap job', () => {
  const desk = useTradingDesk({ tradingLimit: { name: 'trading-user', max: 1_000, windowMs: 60_000 } });

  it('settles every position once, with its swaps charged at most once each', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_500, 5_000_500);
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) {
      const opened = await desk.order(user, { side: 'buy', type: 'market', amount: '400', leverage: 10 });
      expect(opened.statusCode, opened.body).toBe(201);
      ids.push(opened.json().data.id as string);
    }
    const nowMs = Date.now();
    const openedAt = nowMs - 4 * DAY_MS;
    await desk.t.deps.db.db.execute(
      sql`update orders set opened_at = ${new Date(openedAt).toISOString()}::timestamptz where user_id = ${user.id}`,
    );
    const job = () => createSwapJob({ db: desk.t.deps.db, logger: pino({ level: 'silent' }) });

    await Promise.all([
      job().chargeDue(nowMs),
      job().chargeDue(nowMs),
      ...ids.map((id, index) =>
        index % 2 === 0
          ? desk.call(user, 'POST', `/orders/${id}/close`)
          : desk.call(user, 'POST', `/orders/${id}/partial-close`, { amount: '100' }),
      ),
    ]);
    // A position pays the rollovers up to its close (or its part's) on $400, and the later ones on
    // what stayed open: each rollover once, at the amount the position had when it was charged.
    const [pair] = await desk.rows<{ long: string }>(
      sql`select swap_long::text as long from pairs where symbol = 'BTC_USDT'`,
    );
    const rate = swapRateUnits(pair?.long ?? '');
    const rollovers = rolloversBetween('crp', openedAt, nowMs);
    expect(rollovers.length).toBeGreaterThanOrEqual(4);
    const charges = (cents: bigint) =>
      rollovers.map((rollover) => swapCharge('crp', cents, rate, rollover.days));
    const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);
    const possible = (after: bigint) =>
      rollovers
        .map((_, k) => sum(charges(40_000n).slice(0, k)) + sum(charges(after).slice(k)))
        .concat(sum(charges(40_000n)));

    const families = await desk.rows<{ id: string; swap: string; settlements: number }>(sql`
      select coalesce(o.parent_id, o.id)::text as id, sum(o.swap)::text as swap,
        sum((select count(*)::int from ledger_transactions t where t.kind = 'close' and t.ref_id = o.id::text))::int as settlements
      from orders o where o.user_id = ${user.id} and o.status <> 'rvt'
      group by coalesce(o.parent_id, o.id)`);
    expect(families).toHaveLength(16);
    for (const family of families) {
      const isWholeClose = ids.indexOf(family.id) % 2 === 0;
      expect(family.settlements).toBe(1);
      expect(possible(isWholeClose ? 0n : 30_000n)).toContain(BigInt(family.swap));
    }
    // A second pass charges nothing more: every rollover is marked on every open position.
    const before = await desk.rows<{ swap: string }>(
      sql`select sum(swap)::text as swap from orders where user_id = ${user.id}`,
    );
    await job().chargeDue(nowMs);
    expect(
      await desk.rows(sql`select sum(swap)::text as swap from orders where user_id = ${user.id}`),
    ).toEqual(before);
    // The house's swaps account holds exactly what the closed rows settled.
    const [settled] = await desk.rows<{ house: string; closed: string }>(sql`
      select
        (select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where a.user_id is null and a.kind = 'swaps')::text as house,
        (select coalesce(-sum(swap), 0) from orders where close_price is not null)::text as closed`);
    expect(settled?.house).toBe(settled?.closed);
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });
});
