import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { checkMoney } from '../../testing/money-checker';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { rolloversBetween, swapCharge, swapRateUnits } from './rollover';
import { createSwapJob } from './swap-job';

const DAY_MS = 86_400_000;
const logger = pino({ level: 'silent' });

/**
 * Overnight swaps: each rollover a position is open through is charged once, whichever job runs
 * it and however often; missed rollovers are charged at the next start; the close settles them.
 */
describe('overnight swaps', () => {
  const desk = useTradingDesk();
  const job = (free: Set<string> = new Set()) =>
    createSwapJob({ db: desk.t.deps.db, logger, swapFreeUserIds: async () => free });

  /** A demo BTC position of `amount` USD on `side`, opened `daysAgo` days ago (as if then). */
  const openedAgo = async (user: TestUser, side: 'buy' | 'sell', amount: string, openedAtMs: number) => {
    await desk.setQuote('BTC_USDT', 4_999_500, 5_000_500);
    const opened = await desk.order(user, { side, type: 'market', amount, leverage: 10 });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().data.id as string;
    await desk.t.deps.db.db.execute(
      sql`update orders set opened_at = ${new Date(openedAtMs).toISOString()}::timestamptz where id = ${id}`,
    );
    return id;
  };
  const swapOf = async (id: string) =>
    BigInt(
      (await desk.rows<{ swap: string }>(sql`select swap::text as swap from orders where id = ${id}`))[0]
        ?.swap ?? 'x',
    );
  /** What the rollovers from `fromMs` to `toMs` charge a BTC position of `cents` on `side`. */
  const expected = async (side: 'buy' | 'sell', cents: bigint, fromMs: number, toMs: number) => {
    const [pair] = await desk.rows<{ long: string; short: string }>(
      sql`select swap_long::text as long, swap_short::text as short from pairs where symbol = 'BTC_USDT'`,
    );
    const rate = swapRateUnits(side === 'buy' ? (pair?.long ?? '') : (pair?.short ?? ''));
    return rolloversBetween('crp', fromMs, toMs).reduce(
      (sum, rollover) => sum + swapCharge('crp', cents, rate, rollover.days),
      0n,
    );
  };

  it('charges each rollover once however many times, and by however many jobs, it runs', async () => {
    const user = await desk.newUser();
    const nowMs = Date.now();
    const openedAt = nowMs - 3 * DAY_MS - 3_600_000;
    const buy = await openedAgo(user, 'buy', '5000', openedAt);
    const sell = await openedAgo(user, 'sell', '3000', openedAt);

    await Promise.all([job().chargeDue(nowMs), job().chargeDue(nowMs), job().chargeDue(nowMs)]);
    await job().chargeDue(nowMs);
    const buyCharge = await expected('buy', 500_000n, openedAt, nowMs);
    expect(buyCharge).toBeLessThan(0n);
    expect(await swapOf(buy)).toBe(buyCharge);
    expect(await swapOf(sell)).toBe(await expected('sell', 300_000n, openedAt, nowMs));

    // The order shows it, and the portfolio's equity and the position's PnL count it.
    const order = (await desk.call(user, 'GET', '/orders?account=demo&status=act'))
      .json()
      .data.items.find((item: { id: string }) => item.id === buy);
    expect(order.swap).toBe((Number(buyCharge) / 100).toFixed(2));
    const portfolio = await desk.portfolio(user);
    const position = portfolio.positions.find((item: { id: string }) => item.id === buy);
    expect(position.swap).toBe(order.swap);
    const total = portfolio.positions.reduce(
      (sum: number, item: { pnl: string }) => sum + Math.round(Number(item.pnl) * 100),
      0,
    );
    expect(Math.round(Number(portfolio.unrealizedPnl) * 100)).toBe(total);
    expect(Math.round((Number(portfolio.balance) + Number(portfolio.unrealizedPnl)) * 100)).toBe(
      Math.round(Number(portfolio.equity) * 100),
    );
  });

  it('charges the rollovers missed while the job was down, once each, at the next run', async () => {
    const user = await desk.newUser();
    const nowMs = Date.now();
    const openedAt = nowMs - 6 * DAY_MS;
    const id = await openedAgo(user, 'buy', '2000', openedAt);
    // The job ran four days ago, then the role was down until now.
    await job().chargeDue(nowMs - 4 * DAY_MS);
    expect(await swapOf(id)).toBe(await expected('buy', 200_000n, openedAt, nowMs - 4 * DAY_MS));
    await job().chargeDue(nowMs);
    await job().chargeDue(nowMs);
    expect(await swapOf(id)).toBe(await expected('buy', 200_000n, openedAt, nowMs));
    const [marker] = await desk.rows<{ through: string }>(
      sql`select swap_through::text as through from orders where id = ${id}`,
    );
    const last = rolloversBetween('crp', openedAt, nowMs).at(-1);
    expect(Date.parse(marker?.through ?? '')).toBe(last?.atMs);
  });

  it('charges nothing to a swap-free user, and nothing for rollovers before the position opened', async () => {
    const free = await desk.newUser();
    const paying = await desk.newUser();
    const nowMs = Date.now();
    const freeId = await openedAgo(free, 'buy', '1000', nowMs - 2 * DAY_MS);
    const fresh = await openedAgo(paying, 'buy', '1000', nowMs - 60_000);
    await job(new Set([free.id])).chargeDue(nowMs);
    expect(await swapOf(freeId)).toBe(0n);
    // A position opened a minute ago pays only a rollover in that minute (midnight, if it just passed).
    expect(await swapOf(fresh)).toBe(await expected('buy', 100_000n, nowMs - 60_000, nowMs));
    await job().chargeDue(nowMs);
    expect(await swapOf(freeId)).toBe(0n);
  });

  it('settles the swaps in the ledger when the position closes, in whole or in part', async () => {
    const user = await desk.newUser();
    const nowMs = Date.now();
    const id = await openedAgo(user, 'sell', '4000', nowMs - 5 * DAY_MS);
    await job().chargeDue(nowMs);
    const swap = await swapOf(id);
    expect(swap).toBeLessThan(0n);
    const houseSwaps = async () =>
      BigInt(
        (
          await desk.rows<{ total: string }>(sql`
            select coalesce(sum(e.amount_cents), 0)::text as total from ledger_entries e
            join ledger_accounts a on a.id = e.account_id where a.user_id is null and a.kind = 'swaps'`)
        )[0]?.total ?? 'x',
      );
    const before = await houseSwaps();

    // A quarter closes: it takes a quarter of the swaps (rounded against the holder) with it.
    const part = await desk.call(user, 'POST', `/orders/${id}/partial-close`, { amount: '1000' });
    expect(part.statusCode, part.body).toBe(200);
    const [closedPart] = await desk.rows<{ swap: string; pnl: string; close: string }>(
      sql`select swap::text as swap, pnl_cents::text as pnl, close_price::text as close from orders where parent_id = ${id}`,
    );
    const partSwap = BigInt(closedPart?.swap ?? 'x');
    expect(partSwap * 4n <= swap).toBe(true);
    expect(partSwap * 4n > swap - 4n).toBe(true);
    expect(await swapOf(id)).toBe(swap - partSwap);
    expect(part.json().data.swap).toBe(((Number(swap) - Number(partSwap)) / 100).toFixed(2));
    expect((await houseSwaps()) - before).toBe(-partSwap);

    const closed = await desk.call(user, 'POST', `/orders/${id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.swap).toBe(((Number(swap) - Number(partSwap)) / 100).toFixed(2));
    expect((await houseSwaps()) - before).toBe(-swap);
    // A closed position is charged no more.
    await job().chargeDue(nowMs + 3 * DAY_MS);
    expect(await swapOf(id)).toBe(swap - partSwap);

    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
    // The export lists each closed part's swaps beside its fee.
    const csv = (await desk.call(user, 'GET', '/orders/export?account=demo')).body;
    expect(csv.split('\n')[0]).toContain('"Fee","Swap","PnL (USD)"');
    expect(csv).toContain(`"${((Number(swap) - Number(partSwap)) / 100).toFixed(2)}"`);
  });

  it('keeps a swap rate the administrator sets within its bounds', async () => {
    const admin = await desk.newAdmin();
    const bad = await desk.call(admin, 'PUT', '/admin/pairs/BTC_USDT', { swapLong: '-100.5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Swap long');
    const tooPrecise = await desk.call(admin, 'PUT', '/admin/pairs/BTC_USDT', { swapShort: '1.23456' });
    expect(tooPrecise.statusCode).toBe(400);
    const set = await desk.call(admin, 'PUT', '/admin/pairs/BTC_USDT', {
      swapLong: '-12.25',
      swapShort: '1.5',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ swapLong: '-12.25', swapShort: '1.5' });
    const pairs = (await desk.call(admin, 'GET', '/pairs?q=BTC')).json().data as Array<{
      symbol: string;
      swapLong: string;
    }>;
    expect(pairs.find((pair) => pair.symbol === 'BTC_USDT')?.swapLong).toBe('-12.25');
    // Put back: the other tests read the catalogue's rates.
    await desk.call(admin, 'PUT', '/admin/pairs/BTC_USDT', { swapLong: '-10', swapShort: '-5' });
  });
});
