import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkMoney } from '../../testing/money-checker';
import { useTradingDesk } from '../../testing/use-trading-desk';

/**
 * Partial closes of one position sent all at once. On PostgreSQL they truly run in parallel: each
 * part is checked, booked and settled on the position as locked, so every part settles once, the
 * parts that no longer fit are refused, and the parts together book the rounded result of all of
 * them, however their transactions interleave.
 */
describe('parallel partial closes of one position', () => {
  const desk = useTradingDesk({ tradingLimit: { name: 'trading-user', max: 1_000, windowMs: 60_000 } });

  it('settles each part once and books the loss of all of them', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await desk.newUser();
      // A $250 buy at 10× opened at 25,000.00, then 24,990.00: each $10 part loses 0.4 of a cent.
      await desk.setQuote('BTC_USDT', 2_499_500, 2_500_000);
      const opened = await desk.order(user, { side: 'buy', type: 'market', amount: '250', leverage: 10 });
      expect(opened.statusCode, opened.body).toBe(201);
      const id = opened.json().data.id as string;
      await desk.setQuote('BTC_USDT', 2_499_000, 2_499_500);

      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          desk.call(user, 'POST', `/orders/${id}/partial-close`, { amount: '10' }),
        ),
      );
      // 24 parts fit: the last $10 must stay open (a part is less than the position).
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(24);
      expect(codes.filter((code) => code === 400)).toHaveLength(6);

      const parts = await desk.rows<{ id: string; pnl: string; settlements: number }>(sql`
        select o.id::text as id, o.pnl_cents::text as pnl,
          (select count(*)::int from ledger_transactions t
           where t.kind = 'close' and t.ref_id = o.id::text) as settlements
        from orders o where o.parent_id = ${id}`);
      expect(parts).toHaveLength(24);
      expect(parts.every((part) => part.settlements === 1)).toBe(true);
      // $240 at −0.04 %: 9.6 cents lost, booked as 10, whatever the order the parts locked in.
      expect(parts.reduce((sum, part) => sum + BigInt(part.pnl), 0n)).toBe(-10n);
      const [rest] = await desk.rows<{ amount: string; margin: string; carry: string }>(sql`
        select amount_cents::text as amount, margin_cents::text as margin, pnl_carry::text as carry
        from orders where id = ${id}`);
      // What stays open: $10 with its $1 margin; 0.4 of a cent (× the entry) in the house's hands.
      expect(rest).toEqual({ amount: '1000', margin: '100', carry: String(1_000_000) });

      const closed = await desk.call(user, 'POST', `/orders/${id}/close`);
      expect(closed.statusCode, closed.body).toBe(200);
      // The whole $250: exactly ten cents, the last $10 booking nothing more.
      expect(closed.json().data.pnl).toBe('0.00');
      expect((await desk.portfolio(user)).balance).toBe('9999.77');
    }
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });
});
