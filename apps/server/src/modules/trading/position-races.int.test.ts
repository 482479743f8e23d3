import { parseScaled } from '@td/contracts/decimal';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { LOT } from '../../testing/order-bodies';
import { expectSoundLedger, useTradingDesk } from '../../testing/use-trading-desk';

/**
 * Requests that change one order at the same time. On PostgreSQL they truly run in parallel, so
 * each rule is held by the order row as locked, never by a copy read before the lock. Whatever
 * the interleaving: one winner per change, money moved once, the ledger balanced.
 */
describe('one order changed by several requests at once', () => {
  const desk = useTradingDesk();

  /** How many ledger transactions of `kind` an order (and the parts closed from it) wrote. */
  const movements = async (orderId: string, kind: string) =>
    (
      await desk.rows<{ n: number }>(sql`
        select count(*)::int as n from ledger_transactions t
        where t.kind = ${kind} and t.ref_id in (
          select id::text from orders where id = ${orderId} or parent_id = ${orderId})`)
    )[0]?.n;

  /** A $1,000 buy at 10× opened at 50,000.00 (margin $100, fee $0.50); its id. */
  const open = async (user: TestUser, extra: Record<string, unknown> = {}) => {
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const opened = await desk.order(user, { side: 'buy', type: 'market', ...LOT, ...extra });
    expect(opened.statusCode, opened.body).toBe(201);
    return opened.json().data.id as string;
  };
  /** The same position, then BTC up 10 %. */
  const openInProfit = async (user: TestUser, extra: Record<string, unknown> = {}) => {
    const id = await open(user, extra);
    await desk.setQuote('BTC_USDT', 5_500_000, 5_501_000);
    return id;
  };
  /**
   * A new user's position in profit, closed while the user also posts `body` to its `action`: the
   * close goes through, and the other request either went first (200) or found it closed (409).
   */
  const closeWhile = async (action: 'partial-close' | 'margin', body: object) => {
    const user = await desk.newUser();
    const id = await openInProfit(user);
    const [answer, closed] = await Promise.all([
      desk.call(user, 'POST', `/orders/${id}/${action}`, body),
      desk.call(user, 'POST', `/orders/${id}/close`),
    ]);
    expect(closed.statusCode, closed.body).toBe(200);
    expect([200, 409]).toContain(answer.statusCode);
    return { user, id, answer, closed };
  };

  it('closes one part when the same partial close is sent several times at once', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await desk.newUser();
      const id = await openInProfit(user);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          desk.call(user, 'POST', `/orders/${id}/partial-close`, { amount: '600' }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400]);
      for (const refused of answers.filter((answer) => answer.statusCode === 400))
        expect(refused.json().message).toBe(
          'The amount to close must be more than 0 and less than the position',
        );
      const rest = (await desk.call(user, 'GET', `/orders?status=act`)).json().data.items;
      expect(rest).toMatchObject([{ id, amount: '400.00', margin: '40.00' }]);
      // $600 closed at +10 %: its $60 margin and $60 profit back, once (the balance counts the
      // $40 margin still held).
      expect(await desk.portfolio(user)).toMatchObject({ balance: '10059.50', marginUsed: '40.00' });
      expect(await movements(id, 'close')).toBe(1);
    }
    await expectSoundLedger(desk);
  });

  it('pays a partial close and a close at once no more than the whole position', async () => {
    const { user, id, answer: partial } = await closeWhile('partial-close', { amount: '600' });
    // Either way the whole $1,000 closed at +10 %: $100 margin and $100 profit back.
    expect(await desk.portfolio(user)).toMatchObject({ balance: '10099.50', marginUsed: '0.00' });
    expect(await movements(id, 'close')).toBe(partial.statusCode === 200 ? 2 : 1);
    await expectSoundLedger(desk);
  });

  it('closes a position once when the user and its take-profit close it at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await desk.newUser();
      // The take-profit at 54,000 is crossed by the bid of 55,000: the trigger closes it there.
      const id = await open(user, { takeProfit: '54000' });
      const [byUser, byTrigger] = await Promise.all([
        desk.call(user, 'POST', `/orders/${id}/close`),
        desk.marketOrders.closeByTrigger(id, 5_500_000n, 'take_profit'),
      ]);
      // Exactly one of them closed it.
      expect([byUser.statusCode === 200, byTrigger !== undefined].filter(Boolean)).toHaveLength(1);
      if (byUser.statusCode !== 200) expect(byUser.statusCode).toBe(409);
      // The user's close is at the board's bid, which the test never moved past 50,000 here.
      const expected = byTrigger ? '10099.50' : '9999.30';
      expect(await desk.portfolio(user)).toMatchObject({ balance: expected, marginUsed: '0.00' });
      expect(await movements(id, 'close')).toBe(1);
    }
    await expectSoundLedger(desk);
  });

  it('keeps margin added at the moment of a close with the position it went to', async () => {
    const { user, answer: added, closed } = await closeWhile('margin', { amount: '50' });
    // Added first: the close returns it with the rest. Closed first: nothing was added.
    expect(await desk.portfolio(user)).toMatchObject({ balance: '10099.50', marginUsed: '0.00' });
    expect(closed.json().data.margin).toBe(added.statusCode === 200 ? '150.00' : '100.00');
    await expectSoundLedger(desk);
  });

  it('either fills a limit order or cancels it when both happen at once, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await desk.newUser();
      const id = await open(user, { type: 'limit', price: '49000' });
      const [cancelled, filled] = await Promise.all([
        desk.call(user, 'DELETE', `/orders/${id}`),
        desk.marketOrders.fill(id, 4_899_500n),
      ]);
      expect([cancelled.statusCode === 200, filled !== undefined].filter(Boolean)).toHaveLength(1);
      if (filled) {
        expect(cancelled.statusCode).toBe(409);
        expect(await desk.portfolio(user)).toMatchObject({ balance: '9999.50', marginUsed: '100.00' });
        expect([await movements(id, 'fee'), await movements(id, 'release')]).toEqual([1, 0]);
      } else {
        expect(await desk.portfolio(user)).toMatchObject({ balance: '10000.00', marginUsed: '0.00' });
        expect([await movements(id, 'fee'), await movements(id, 'release')]).toEqual([0, 1]);
      }
    }
    await expectSoundLedger(desk);
  });

  it('does not close on a trigger the position no longer has', async () => {
    const user = await desk.newUser();
    const id = await open(user, { takeProfit: '54000' });
    // The take-profit moved up, and margin added moved the liquidation from 46,000 to 42,000,
    // while the engine still held the old prices.
    expect((await desk.call(user, 'PUT', `/orders/${id}`, { takeProfit: '60000' })).statusCode).toBe(200);
    expect((await desk.call(user, 'POST', `/orders/${id}/margin`, { amount: '100' })).statusCode).toBe(200);
    expect(await desk.marketOrders.closeByTrigger(id, 5_500_000n, 'take_profit')).toBeUndefined();
    expect(await desk.marketOrders.closeByTrigger(id, 4_500_000n, 'liquidation')).toBeUndefined();
    expect(await desk.marketOrders.closeByTrigger(id, 4_500_000n, 'stop_loss')).toBeUndefined();
    expect((await desk.call(user, 'GET', '/orders?status=act')).json().data.items).toMatchObject([{ id }]);
    // What it has now still fires.
    expect(await desk.marketOrders.closeByTrigger(id, 4_199_000n, 'liquidation')).toMatchObject({
      status: 'exc',
      reason: 'liquidation',
    });
    await expectSoundLedger(desk);
  });

  it('puts back a position whose take-profit changed after the engine read it, and closes it there', async () => {
    const user = await desk.newUser();
    const id = await open(user, { takeProfit: '54000' });
    await desk.setQuote('BTC_USDT', 5_000_000, 5_001_000);
    // The take-profit moves to 60,000 without the engine hearing of it yet.
    await desk.t.deps.db.db.execute(sql`update orders set take_profit = 6000000 where id = ${id}`);
    await desk.setQuote('BTC_USDT', 5_500_000, 5_501_000);
    expect((await desk.call(user, 'GET', '/orders?status=act')).json().data.items).toMatchObject([{ id }]);
    await desk.setQuote('BTC_USDT', 6_000_000, 6_001_000);
    const [closed] = (await desk.call(user, 'GET', '/orders?status=exc')).json().data.items;
    expect(closed).toMatchObject({ id, reason: 'take_profit', closePrice: '60000.00', pnl: '200.00' });
    await expectSoundLedger(desk);
  });

  it('does not fill a limit order at a price its new limit no longer takes', async () => {
    const user = await desk.newUser();
    const id = await open(user, { type: 'limit', price: '49000' });
    expect((await desk.call(user, 'PUT', `/orders/${id}`, { price: '48000' })).statusCode).toBe(200);
    expect(await desk.marketOrders.fill(id, 4_899_500n)).toBeUndefined();
    expect((await desk.call(user, 'GET', '/orders?status=pnd')).json().data.items).toMatchObject([{ id }]);
    expect(await desk.marketOrders.fill(id, 4_799_000n)).toMatchObject({ status: 'act', price: 4_799_000n });
    await expectSoundLedger(desk);
  });

  it('leaves exactly the practice money after several demo resets at once', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await desk.newUser();
      const id = await openInProfit(user);
      await desk.call(user, 'POST', `/orders/${id}/partial-close`, { amount: '500' });
      await desk.order(user, { side: 'buy', type: 'limit', price: '40000', amount: '200', leverage: 5 });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => desk.call(user, 'POST', '/portfolio/demo/reset')),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await desk.portfolio(user)).toMatchObject({ balance: '10000.00', marginUsed: '0.00' });
      expect((await desk.call(user, 'GET', '/orders?status=act,pnd')).json().data.total).toBe(0);
    }
    await expectSoundLedger(desk);
  });

  it('grants the practice money once when a new user opens the demo account from several requests', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => desk.call(user, 'GET', '/portfolio?account=demo')),
      // The trading statistics grant it too, when read first.
      ...Array.from({ length: 2 }, () => desk.call(user, 'GET', '/portfolio/stats?account=demo&period=all')),
      ...Array.from({ length: 2 }, () =>
        desk.order(user, { side: 'buy', type: 'market', amount: '100', leverage: 10 }),
      ),
      desk.call(user, 'POST', '/portfolio/demo/reset'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).not.toContain(500);
    const grants = await desk.rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where kind = 'demo_grant' and ref_id = ${user.id}`,
    );
    expect(grants[0]?.n).toBe(1);
    // The practice money, less at most the two $0.05 fees and $0.02 losses of the two positions
    // (a reset may have closed them at the bid, or topped the book up after them).
    const held = parseScaled((await desk.portfolio(user)).balance, 2);
    expect(held).toBeLessThanOrEqual(1_000_000n);
    expect(held).toBeGreaterThanOrEqual(1_000_000n - 2n * (5n + 2n));
    await expectSoundLedger(desk);
  });
});
