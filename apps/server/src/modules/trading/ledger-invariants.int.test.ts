import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { checkMoney } from '../../testing/money-checker';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { house, post } from '../ledger/ledger';
import { createSwapJob } from './swap-job';

type Action =
  | { kind: 'quote'; mid: number }
  | {
      kind: 'open';
      user: number;
      side: 'buy' | 'sell';
      amount: number;
      leverage: number;
      limitOffset: number | null;
      tp: boolean;
      sl: boolean;
    }
  | { kind: 'close' | 'cancel'; user: number; pick: number }
  | { kind: 'partial' | 'margin'; user: number; pick: number; share: number }
  | { kind: 'reset'; user: number }
  | { kind: 'rollover' };

const USERS = 3;
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('quote' as const), mid: fc.integer({ min: 4_000_000, max: 6_000_000 }) }),
  fc.record({
    kind: fc.constant('open' as const),
    user: fc.nat(USERS - 1),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    amount: fc.integer({ min: 10, max: 4_000 }),
    leverage: fc.integer({ min: 1, max: 20 }),
    limitOffset: fc.option(fc.integer({ min: -300_000, max: 300_000 }), { nil: null }),
    tp: fc.boolean(),
    sl: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom('close' as const, 'cancel' as const),
    user: fc.nat(USERS - 1),
    pick: fc.nat(10),
  }),
  fc.record({
    kind: fc.constantFrom('partial' as const, 'margin' as const),
    user: fc.nat(USERS - 1),
    pick: fc.nat(10),
    share: fc.integer({ min: 1, max: 99 }),
  }),
  fc.record({ kind: fc.constant('reset' as const), user: fc.nat(USERS - 1) }),
  fc.record({ kind: fc.constant('rollover' as const) }),
);

describe('the ledger under any sequence of trading', () => {
  const desk = useTradingDesk();
  let users: TestUser[];

  beforeAll(async () => {
    users = [];
    for (let i = 0; i < USERS; i++) users.push(await desk.newUser());
  });

  const live = async (user: TestUser, status: string) =>
    (await desk.call(user, 'GET', `/orders?account=demo&status=${status}&limit=100`)).json().data
      .items as Array<{
      id: string;
      amount: string;
    }>;

  const run = async (step: Action, mid: { value: number }) => {
    switch (step.kind) {
      case 'quote':
        mid.value = step.mid;
        await desk.setQuote('BTC_USDT', step.mid - 500, step.mid + 500);
        return;
      case 'open': {
        const offset = step.side === 'buy' ? 1 : -1;
        await desk.order(users[step.user] as TestUser, {
          side: step.side,
          type: step.limitOffset === null ? 'market' : 'limit',
          amount: String(step.amount),
          leverage: step.leverage,
          ...(step.limitOffset === null ? {} : { price: ((mid.value + step.limitOffset) / 100).toFixed(2) }),
          ...(step.tp ? { takeProfit: ((mid.value * (1 + 0.05 * offset)) / 100).toFixed(2) } : {}),
          ...(step.sl ? { stopLoss: ((mid.value * (1 - 0.05 * offset)) / 100).toFixed(2) } : {}),
        });
        return;
      }
      case 'close':
      case 'cancel': {
        const user = users[step.user] as TestUser;
        const orders = await live(user, step.kind === 'close' ? 'act' : 'pnd');
        const target = orders[step.pick % Math.max(1, orders.length)];
        if (target)
          await desk.call(
            user,
            step.kind === 'close' ? 'POST' : 'DELETE',
            `/orders/${target.id}${step.kind === 'close' ? '/close' : ''}`,
          );
        return;
      }
      case 'partial':
      case 'margin': {
        const user = users[step.user] as TestUser;
        const orders = await live(user, 'act');
        const target = orders[step.pick % Math.max(1, orders.length)];
        if (!target) return;
        const amount = ((Number(target.amount) * step.share) / 100).toFixed(2);
        if (step.kind === 'partial')
          await desk.call(user, 'POST', `/orders/${target.id}/partial-close`, { amount });
        else await desk.call(user, 'POST', `/orders/${target.id}/margin`, { amount });
        return;
      }
      case 'reset':
        await desk.call(users[step.user] as TestUser, 'POST', '/portfolio/demo/reset');
        return;
      case 'rollover':
        // A day passes for the open positions: the swap job charges them its rollover.
        await desk.t.deps.db.db.execute(sql`update orders set opened_at = opened_at - interval '1 day',
          swap_through = swap_through - interval '1 day' where status = 'act'`);
        await createSwapJob({ db: desk.t.deps.db, logger: pino({ level: 'silent' }) }).chargeDue();
        return;
    }
  };

  it('sums to zero, never goes negative, and every balance equals its entries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 25 }), async (steps) => {
        const mid = { value: 5_000_000 };
        await desk.setQuote('BTC_USDT', mid.value - 500, mid.value + 500);
        for (const step of steps) await run(step, mid);
        expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
        // The checker of the crash and chaos runs finds nothing after any sequence either.
        expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
        expect(await desk.negativeBalances()).toBe(0);
        // Every open position's margin is in its owner's margin account, with pending reserves.
        const margins = await desk.rows<{ held: string; expected: string }>(sql`
          select a.user_id, a.balance_cents as held,
            coalesce((select sum(o.margin_cents + case when o.status = 'pnd' then o.fee_cents else 0 end)
                      from orders o where o.user_id = a.user_id and o.book = a.book and o.status in ('pnd', 'act')), 0) as expected
          from ledger_accounts a where a.kind = 'margin'`);
        for (const row of margins) {
          expect(BigInt(row.held)).toBe(BigInt(row.expected));
        }
      }),
      { numRuns: 8 },
    );
  });
  it('is checked by rules that catch a lost order, a double settlement, a wrong result, a double notice and a needless write-off', async () => {
    const db = desk.t.deps.db.db;
    const user = users[0] as TestUser;
    await desk.setQuote('BTC_USDT', 4_999_500, 5_000_500);
    const opened = await desk.order(user, { side: 'buy', type: 'market', amount: '100', leverage: 5 });
    const id: string = opened.json().data.id;
    await desk.call(user, 'POST', `/orders/${id}/close`);
    expect(await checkMoney(db, { acknowledgedOrderIds: [id] })).toEqual([]);

    const lost = '00000000-0000-4000-8000-000000000000';
    await db.execute(sql`update orders set pnl_cents = pnl_cents + 1 where id = ${id}`);
    await db.execute(sql`insert into notifications (user_id, kind, message, payload)
      select user_id, 'take_profit', 'x', ${JSON.stringify({ orderId: id })}::jsonb from orders where id = ${id}`);
    await db.execute(sql`insert into notifications (user_id, kind, message, payload)
      select user_id, 'take_profit', 'x', ${JSON.stringify({ orderId: id })}::jsonb from orders where id = ${id}`);
    const rules = (await checkMoney(db, { acknowledgedOrderIds: [id, lost] })).map((v) => v.rule);
    expect(rules).toEqual(
      expect.arrayContaining([
        'acknowledged order missing',
        'realised PnL differs from its recomputation',
        'fill notified twice',
      ]),
    );
    // Put back: the property above runs on the same desk.
    await db.execute(sql`update orders set pnl_cents = pnl_cents - 1 where id = ${id}`);
    await db.execute(
      sql`delete from notifications where kind = 'take_profit' and payload->>'orderId' = ${id}`,
    );
    expect(await checkMoney(db)).toEqual([]);

    // A write-off the house booked although the isolated position's margin paid its loss.
    const forged = await db.transaction((tx) =>
      post(tx, {
        kind: 'close',
        refType: 'order',
        refId: id,
        postings: [
          { account: house('trading'), amountCents: 7n },
          { account: house('write_offs'), amountCents: -7n },
        ],
      }),
    );
    expect((await checkMoney(db)).map((v) => v.rule)).toEqual(
      expect.arrayContaining([
        'write-off where a balance could pay',
        'realised PnL differs from its recomputation',
        'position settled twice',
      ]),
    );
    // House accounts keep no running balance: the forged entries go with their transaction.
    await db.execute(sql`delete from ledger_entries where transaction_id = ${forged}`);
    await db.execute(sql`delete from ledger_transactions where id = ${forged}`);
    expect(await checkMoney(db)).toEqual([]);
  });
});
