import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { checkMoney } from '../../testing/money-checker';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { PAIRS_CHANGED_CHANNEL } from '../pairs/pair-cache';

/**
 * Closing a position in many small parts books, to the cent, what closing it at once would: each
 * part books the rounded result of everything closed so far minus what the earlier parts booked,
 * and a part (or what it leaves) below the pair's minimum is refused.
 */
describe('a position closed in tiny parts', () => {
  // Forty partial closes in a row: more than the trading budget allows a person in two seconds.
  const desk = useTradingDesk({ tradingLimit: { name: 'trading-user', max: 1_000, windowMs: 60_000 } });
  /** What a position and the parts closed from it booked, in cents. */
  const booked = async (id: string) =>
    BigInt(
      (
        await desk.rows<{ total: string }>(
          sql`select coalesce(sum(pnl_cents), 0)::text as total from orders where id = ${id} or parent_id = ${id}`,
        )
      )[0]?.total ?? '0',
    );
  const balance = async (user: TestUser) => (await desk.portfolio(user)).balance as string;

  /** A $250 buy at 10× opened at 25,000.00; its id. */
  const open = async (user: TestUser) => {
    await desk.setQuote('BTC_USDT', 2_499_500, 2_500_000);
    const opened = await desk.order(user, { side: 'buy', type: 'market', amount: '250', leverage: 10 });
    expect(opened.statusCode, opened.body).toBe(201);
    return opened.json().data.id as string;
  };

  it('refuses a part, or a rest, below the pair minimum, naming the amount', async () => {
    const user = await desk.newUser();
    const id = await open(user);
    const tiny = await desk.call(user, 'POST', `/orders/${id}/partial-close`, { amount: '6.25' });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'The amount to close must be at least 10.00',
      details: [{ field: 'body.amount' }],
    });
    const rest = await desk.call(user, 'POST', `/orders/${id}/partial-close`, { amount: '245' });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toMatchObject({ code: 'VALIDATION', details: [{ field: 'body.amount' }] });
    // Nothing closed: the position is whole, and the minimum itself is a valid part.
    expect(await desk.rows(sql`select id from orders where parent_id = ${id}`)).toEqual([]);
    const minimum = await desk.call(user, 'POST', `/orders/${id}/partial-close`, { amount: '10' });
    expect(minimum.statusCode, minimum.body).toBe(200);
    expect(minimum.json().data).toMatchObject({ amount: '240.00' });
  });

  describe('where the pair allows parts of $1', () => {
    beforeAll(async () => {
      await desk.t.deps.settings.update('trading', { minAmount: '1' });
      await desk.t.deps.db.db.execute(sql`update pairs set min_amount_cents = 100 where symbol = 'BTC_USDT'`);
      await desk.t.deps.bus.publish(PAIRS_CHANGED_CHANNEL, { symbol: 'BTC_USDT' });
    });

    it('books for 40 parts of $6.25, each a quarter of a cent down, the loss of one close', async () => {
      const parts = await desk.newUser();
      const whole = await desk.newUser();
      const inParts = await open(parts);
      const atOnce = await open(whole);
      // 24,990.00: −0.04 %, a quarter of a cent on each $6.25, ten cents on the $250.
      await desk.setQuote('BTC_USDT', 2_499_000, 2_499_500);
      for (let part = 1; part < 40; part++) {
        const answer = await desk.call(parts, 'POST', `/orders/${inParts}/partial-close`, { amount: '6.25' });
        expect(answer.statusCode, answer.body).toBe(200);
      }
      const last = await desk.call(parts, 'POST', `/orders/${inParts}/close`);
      expect(last.statusCode, last.body).toBe(200);
      const closed = await desk.call(whole, 'POST', `/orders/${atOnce}/close`);
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json().data.pnl).toBe('-0.10');

      expect(await booked(atOnce)).toBe(-10n);
      expect(await booked(inParts)).toBe(-10n);
      // The cash tells the same: both paid their fee and lost ten cents.
      expect(await balance(parts)).toBe(await balance(whole));
      // Each part booked a cent as the loss so far reached it: the 1st, 5th, …, 37th of them.
      const cents = await desk.rows<{ pnl: string; n: number }>(
        sql`select pnl_cents::text as pnl, count(*)::int as n from orders
            where id = ${inParts} or parent_id = ${inParts} group by pnl_cents order by pnl_cents`,
      );
      expect(cents).toEqual([
        { pnl: '-1', n: 10 },
        { pnl: '0', n: 30 },
      ]);
      expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
    });

    it('books parts at different prices as their whole result, rounded down', async () => {
      const user = await desk.newUser();
      const id = await open(user);
      // Up a third of a cent, then down, then up again on $6.25 parts; the rest closes at 25,001.00.
      const moves: Array<[number, string]> = [
        [2_500_130, '6.25'],
        [2_499_870, '6.25'],
        [2_500_130, '6.25'],
        [2_499_990, '3.33'],
      ];
      let made = 0n;
      let closedCents = 0n;
      for (const [bid, amount] of moves) {
        await desk.setQuote('BTC_USDT', bid, bid + 500);
        const cents = BigInt(Math.round(Number(amount) * 100));
        made += cents * (BigInt(bid) - 2_500_000n);
        closedCents += cents;
        const answer = await desk.call(user, 'POST', `/orders/${id}/partial-close`, { amount });
        expect(answer.statusCode, answer.body).toBe(200);
      }
      await desk.setQuote('BTC_USDT', 2_500_100, 2_500_600);
      made += (25_000n - closedCents) * 100n;
      expect((await desk.call(user, 'POST', `/orders/${id}/close`)).statusCode).toBe(200);
      const floor = made % 2_500_000n !== 0n && made < 0n ? made / 2_500_000n - 1n : made / 2_500_000n;
      expect(await booked(id)).toBe(floor);
      expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
    });
  });
});
