import { formatScaled } from '@td/contracts/decimal';
import { pnlAt, type TExit, type TSide } from '@td/contracts/trading-math';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { expectSoundLedger, useTradingDesk } from '../../testing/use-trading-desk';

/** BTC/USD in minor units (cents) before each run, and the spread around it. */
const MID = 5_000_000;
const HALF_SPREAD = 500;
/** Runs of the property: each opens a position and races up to OPS_MAX changes on it. */
const RUNS = 25;
const OPS_MAX = 6;
/** A part's own result may book a cent above its share; the parts together never do. */
const ROUNDING_CENTS_PER_PART = 1n;

const floorDiv = (a: bigint, b: bigint) => (a % b !== 0n && a < 0n ? a / b - 1n : a / b);

type Op =
  | { kind: 'partial'; sharePercent: number }
  | { kind: 'close' }
  | { kind: 'margin'; dollars: number }
  | { kind: 'exits'; takeProfitPermille: number | null; stopLossPermille: number | null }
  | { kind: 'trigger'; reason: TExit; movePermille: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  // Partial closes most often: two of them together are what can ask for more than remains.
  {
    arbitrary: fc.record({
      kind: fc.constant('partial' as const),
      sharePercent: fc.integer({ min: 1, max: 99 }),
    }),
    weight: 3,
  },
  fc.record({ kind: fc.constant('close' as const) }),
  fc.record({ kind: fc.constant('margin' as const), dollars: fc.integer({ min: 1, max: 100 }) }),
  fc.record({
    kind: fc.constant('exits' as const),
    takeProfitPermille: fc.option(fc.integer({ min: 1, max: 120 }), { nil: null }),
    stopLossPermille: fc.option(fc.integer({ min: 1, max: 120 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('trigger' as const),
    reason: fc.constantFrom('take_profit' as const, 'stop_loss' as const, 'liquidation' as const),
    movePermille: fc.integer({ min: -150, max: 150 }),
  }),
);

const run = fc.record({
  side: fc.constantFrom('buy' as const, 'sell' as const),
  dollars: fc.integer({ min: 100, max: 2_000 }),
  leverage: fc.integer({ min: 5, max: 20 }),
  // Where the market is when the changes race: within ±3 %, short of any liquidation at 20×.
  quoteMovePermille: fc.integer({ min: -30, max: 30 }),
  ops: fc.array(op, { minLength: 2, maxLength: OPS_MAX }),
});

/**
 * Any interleaving of partial closes, closes, added margin, take-profit and stop-loss edits and
 * trigger closes on one position, run at the same time on PostgreSQL: the position pays out at
 * most its margin and its profit at the best price any of them used, and the ledger still holds.
 */
describe('one position under concurrent changes', () => {
  // One user races every run's changes back to back: far above the trading budget of a person.
  const desk = useTradingDesk({ tradingLimit: { name: 'trading-user', max: 100_000, windowMs: 60_000 } });
  let user: TestUser;
  beforeAll(async () => {
    user = await desk.newUser();
  });

  const sumOf = async (query: ReturnType<typeof sql>) =>
    BigInt((await desk.rows<{ total: string }>(query))[0]?.total ?? '0');
  const price = (cents: bigint) => formatScaled(cents, 2);

  it('pays out at most the position, and the ledger balances', async () => {
    await fc.assert(
      fc.asyncProperty(run, async ({ side, dollars, leverage, quoteMovePermille, ops }) => {
        await desk.setQuote('BTC_USDT', MID - HALF_SPREAD, MID + HALF_SPREAD);
        const opened = await desk.order(user, {
          side,
          type: 'market',
          amount: String(dollars),
          leverage,
        });
        expect(opened.statusCode, opened.body).toBe(201);
        const { id } = opened.json().data as { id: string };
        const entry = BigInt(MID + (side === 'buy' ? HALF_SPREAD : -HALF_SPREAD));
        const amountCents = BigInt(dollars) * 100n;
        const at = (permille: number) => (entry * BigInt(1_000 + permille)) / 1_000n;
        const moved = MID + Math.round((MID * quoteMovePermille) / 1_000);
        await desk.setQuote('BTC_USDT', moved - HALF_SPREAD, moved + HALF_SPREAD);
        const closeQuote = BigInt(side === 'buy' ? moved - HALF_SPREAD : moved + HALF_SPREAD);
        // A buy's take-profit lies above, its stop-loss below; the reverse for a sell.
        const away = (permille: number, isProfit: boolean) =>
          at((side === 'buy') === isProfit ? permille : -permille);

        const used: bigint[] = [closeQuote];
        await Promise.all(
          ops.map(async (step) => {
            switch (step.kind) {
              case 'partial':
                return desk.call(user, 'POST', `/orders/${id}/partial-close`, {
                  amount: formatScaled((amountCents * BigInt(step.sharePercent)) / 100n, 2),
                });
              case 'close':
                return desk.call(user, 'POST', `/orders/${id}/close`);
              case 'margin':
                return desk.call(user, 'POST', `/orders/${id}/margin`, { amount: String(step.dollars) });
              case 'exits':
                return desk.call(user, 'PUT', `/orders/${id}`, {
                  takeProfit:
                    step.takeProfitPermille === null ? null : price(away(step.takeProfitPermille, true)),
                  stopLoss: step.stopLossPermille === null ? null : price(away(step.stopLossPermille, false)),
                });
              case 'trigger': {
                const fired = at(step.movePermille);
                used.push(fired);
                return desk.marketOrders.closeByTrigger(id, fired, step.reason);
              }
            }
          }),
        );

        const family = sql`select id::text from orders where id = ${id} or parent_id = ${id}`;
        const payout = await sumOf(sql`
          select coalesce(sum(e.amount_cents), 0)::text as total
          from ledger_entries e
            join ledger_transactions t on t.id = e.transaction_id
            join ledger_accounts a on a.id = e.account_id
          where t.kind = 'close' and t.ref_id in (${family})
            and a.user_id = ${user.id} and a.book = 'demo' and a.kind = 'cash'`);
        const margin = await sumOf(sql`
          select coalesce(sum(e.amount_cents), 0)::text as total
          from ledger_entries e
            join ledger_transactions t on t.id = e.transaction_id
            join ledger_accounts a on a.id = e.account_id
          where t.kind in ('open', 'add_margin') and t.ref_id = ${id}
            and a.user_id = ${user.id} and a.kind = 'margin'`);
        const parts = await desk.rows<{
          status: string;
          amount: string;
          margin: string;
          closePrice: string | null;
          pnl: string | null;
        }>(sql`
          select status, amount_cents::text as amount, margin_cents::text as margin,
            close_price::text as "closePrice", pnl_cents::text as pnl
          from orders where id = ${id} or parent_id = ${id}`);
        const closes = (
          await desk.rows<{ n: number }>(
            sql`select count(*)::int as n from ledger_transactions where kind = 'close' and ref_id in (${family})`,
          )
        )[0]?.n;

        // The parts closed and what is still open add up to the position, each part closed once.
        expect(parts.reduce((sum, part) => sum + BigInt(part.amount), 0n)).toBe(amountCents);
        expect(parts.every((part) => BigInt(part.amount) > 0n)).toBe(true);
        const closed = parts.filter((part) => part.status !== 'act');
        expect(closes).toBe(closed.length);
        // Each closed part made the PnL of its own amount at its own price to within a cent (a loss
        // never beyond its margin), and together, unless a loss met a margin, the rounded result
        // of all of them: the parts' fractions of a cent are never the trader's.
        let made = 0n;
        let isClamped = false;
        for (const part of closed) {
          const close = BigInt(part.closePrice ?? '0');
          const own = BigInt(part.amount) * (side === 'buy' ? close - entry : entry - close);
          const floor = -BigInt(part.margin);
          const pnl = BigInt(part.pnl ?? '0');
          const low = floorDiv(own, entry);
          expect(pnl).toBeGreaterThanOrEqual(low > floor ? low : floor);
          expect(pnl).toBeLessThanOrEqual(low + 1n > floor ? low + 1n : floor);
          made += own;
          if (pnl === floor) isClamped = true;
        }
        const booked = closed.reduce((sum, part) => sum + BigInt(part.pnl ?? '0'), 0n);
        if (!isClamped) expect(booked).toBe(floorDiv(made, entry));
        expect(payout).toBe(
          closed.reduce((sum, part) => sum + BigInt(part.margin) + BigInt(part.pnl ?? '0'), 0n),
        );
        // Paid out: at most all the margin and the profit of the whole amount at the best price used.
        const bestPnl = used
          .map((closeAt) => pnlAt(side as TSide, amountCents, entry, closeAt))
          .reduce((best, pnl) => (pnl > best ? pnl : best), 0n);
        const bound = margin + bestPnl + ROUNDING_CENTS_PER_PART * BigInt(closes ?? 0);
        expect(payout, `paid ${payout} of at most ${bound}`).toBeLessThanOrEqual(bound);
        // What is still held is the open rest's margin.
        const open = parts.find((part) => part.status === 'act');
        const held = await sumOf(sql`
          select coalesce(sum(e.amount_cents), 0)::text as total
          from ledger_entries e
            join ledger_transactions t on t.id = e.transaction_id
            join ledger_accounts a on a.id = e.account_id
          where t.ref_id in (${family}) and a.user_id = ${user.id} and a.kind = 'margin'`);
        expect(held).toBe(open ? BigInt(open.margin) : 0n);

        await expectSoundLedger(desk);
        // The next run starts from the practice money.
        expect((await desk.call(user, 'POST', '/portfolio/demo/reset')).statusCode).toBe(200);
      }),
      { numRuns: RUNS },
    );
  });
});
