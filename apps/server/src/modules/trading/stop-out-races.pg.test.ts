import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { expectSoundLedger, useTradingDesk } from '../../testing/use-trading-desk';

/**
 * A `cross` stop-out and the user's own close or added margin, truly in parallel on PostgreSQL:
 * whichever commits first, the position is settled once and the money moves once.
 */
describe('a stop-out racing the user', () => {
  const desk = useTradingDesk();
  let admin: TestUser;
  let groupId: string;

  const closes = async (orderId: string) =>
    (
      await desk.rows<{ n: number }>(
        sql`select count(*)::int as n from ledger_transactions where kind = 'close' and ref_id = ${orderId}`,
      )
    )[0]?.n;
  const stopOut = (user: TestUser) => {
    const monitor = desk.triggers.margin;
    if (!monitor) throw new Error('the desk runs the margin monitor');
    return monitor.stopOut(user.id, 'demo');
  };

  /**
   * A user of a group whose stop-out level (999 %) every open account is below, with a $50,000 buy
   * at 10×. No tick follows, but the margin monitor reads the account as the position opens and
   * may stop it out itself: a third party to the race. The position's id.
   */
  const atStopOut = async () => {
    const user = await desk.newUser();
    await desk.moveToGroup(admin, user, groupId);
    await desk.setQuote('BTC_USDT', 10_000_000, 10_000_000);
    const opened = await desk.order(user, { side: 'buy', type: 'market', amount: '50000', leverage: 10 });
    expect(opened.statusCode, opened.body).toBe(201);
    return { user, id: opened.json().data.id as string };
  };

  beforeAll(async () => {
    admin = await desk.newAdmin();
    groupId = await desk.newGroup(admin, {
      name: 'Always stopped',
      marginMode: 'cross',
      marginCallLevel: 1000,
      stopOutLevel: 999,
    });
  });

  it('settles a position once when the stop-out and the user close it at the same time', async () => {
    for (let round = 0; round < 6; round++) {
      const { user, id } = await atStopOut();
      const [stopped, closed] = await Promise.all([
        stopOut(user),
        desk.call(user, 'POST', `/orders/${id}/close`),
      ]);
      const order = await desk.orderOf(user, id);
      if (closed.statusCode === 200) {
        expect(stopped).toEqual([]);
        expect(order).toMatchObject({ status: 'mcl' });
      } else {
        expect(closed.statusCode, closed.body).toBe(409);
        // Stopped out: by this stop-out, or by the monitor's own as it read the new position.
        expect(stopped.every((row) => row.id === id)).toBe(true);
        expect(order).toMatchObject({ status: 'exc', reason: 'stop_out' });
      }
      expect(await closes(id)).toBe(1);
    }
    await expectSoundLedger(desk);
  });

  it('settles a position once when the stop-out and added margin meet', async () => {
    for (let round = 0; round < 6; round++) {
      const { user, id } = await atStopOut();
      const [stopped, added] = await Promise.all([
        stopOut(user),
        desk.call(user, 'POST', `/orders/${id}/margin`, { amount: '100' }),
      ]);
      // Added margin raises no cross level: the position is stopped out either way, once (by this
      // stop-out, or by the monitor's own as it read the new position).
      expect(stopped.every((row) => row.id === id)).toBe(true);
      const order = await desk.orderOf(user, id);
      expect(order).toMatchObject({ status: 'exc', reason: 'stop_out' });
      if (added.statusCode === 200) expect(order.margin).toBe('5100.00');
      else {
        expect(added.statusCode, added.body).toBe(409);
        expect(order.margin).toBe('5000.00');
      }
      expect(await closes(id)).toBe(1);
    }
    await expectSoundLedger(desk);
  });
});
