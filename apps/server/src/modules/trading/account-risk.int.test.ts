import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { expectSoundLedger, useTradingDesk } from '../../testing/use-trading-desk';
import { SEEDED_GROUP_ID } from '../groups/groups.schema';
import { MARGIN_CALL_CHANNEL } from './margin-calls';
import { createTriggerEngine } from './trigger-engine';

/**
 * Account risk: client groups and their margin rule, the margin level, margin calls once per
 * crossing, the `cross` stop-out (largest loss first) and negative-balance protection.
 */
describe('account risk', () => {
  const desk = useTradingDesk();
  let admin: TestUser;

  const notices = async (userId: string, kind: string) =>
    (
      await desk.rows<{ n: number }>(
        sql`select count(*)::int as n from notifications where user_id = ${userId} and kind = ${kind}`,
      )
    )[0]?.n;
  const margin = () => {
    const monitor = desk.triggers.margin;
    if (!monitor) throw new Error('the desk runs the margin monitor');
    return monitor;
  };
  /** Sets BTC and ETH (minor units, precision 2) once the monitor has read every account. */
  const quote = async (btc: number, eth = 100_000) => {
    await desk.triggers.settled();
    await margin().readingsDone();
    await desk.setQuote('BTC_USDT', btc, btc);
    await desk.setQuote('ETH_USDT', eth, eth);
    await margin().readingsDone();
  };
  let crossGroupId: string;
  const joinCross = (user: TestUser) => desk.moveToGroup(admin, user, crossGroupId);
  /** A new user in the cross-margin group holding a BTC buy of `amount` USD at 10×, opened at 100,000. */
  const crossBtcBuyer = async (amount: string) => {
    const user = await desk.newUser();
    await joinCross(user);
    await quote(10_000_000);
    const order = await desk.placed(user, { side: 'buy', type: 'market', amount, leverage: 10 });
    return { user, order };
  };

  beforeAll(async () => {
    admin = await desk.newAdmin();
    crossGroupId = await desk.newGroup(admin, { name: 'Cross traders', marginMode: 'cross' });
  });

  describe('client groups', () => {
    it('creates a group with its mode’s default levels and bounds every field', async () => {
      const groups = (await desk.call(admin, 'GET', '/admin/groups')).json().data;
      expect(groups.find((group: { id: string }) => group.id === crossGroupId)).toMatchObject({
        marginMode: 'cross',
        marginCallLevel: 100,
        stopOutLevel: 50,
        isDefault: false,
        swapFree: false,
      });
      expect(groups.find((group: { id: string }) => group.id === SEEDED_GROUP_ID)).toMatchObject({
        marginMode: 'isolated',
        marginCallLevel: 50,
        stopOutLevel: 20,
        isDefault: true,
      });
      const bad = async (body: object, field: string) => {
        const answer = await desk.call(admin, 'POST', '/admin/groups', { name: 'Bounds', ...body });
        expect(answer.statusCode, answer.body).toBe(400);
        expect(JSON.stringify(answer.json().details)).toContain(field);
      };
      await bad({ marginCallLevel: 80, stopOutLevel: 80 }, 'stopOutLevel');
      await bad({ marginCallLevel: 1001 }, 'marginCallLevel');
      await bad({ stopOutLevel: 9, marginCallLevel: 50 }, 'stopOutLevel');
      await bad({ spreadMarkup: { crypto: '1000.01' } }, 'spreadMarkup');
      await bad({ maxLeverage: { forex: 0 } }, 'maxLeverage');
      await bad({ openingFeeRate: '0.5%' }, 'openingFeeRate');
      await bad({ name: 'x'.repeat(61) }, 'name');
      await bad({ name: 'Bad<script>' }, 'name');
      const duplicate = await desk.call(admin, 'POST', '/admin/groups', { name: 'cross TRADERS' });
      expect(duplicate.statusCode).toBe(409);
      const tooHigh = await desk.call(admin, 'PUT', `/admin/groups/${crossGroupId}`, { stopOutLevel: 100 });
      expect(tooHigh.statusCode).toBe(400);
    });

    it('keeps exactly one default group, which new accounts join', async () => {
      const vip = (
        await desk.call(admin, 'POST', '/admin/groups', { name: 'VIP', isDefault: true, swapFree: true })
      ).json().data;
      const defaults = async () =>
        (await desk.call(admin, 'GET', '/admin/groups'))
          .json()
          .data.filter((group: { isDefault: boolean }) => group.isDefault)
          .map((group: { id: string }) => group.id);
      expect(await defaults()).toEqual([vip.id]);
      const newcomer = await desk.newUser();
      const detail = (await desk.call(admin, 'GET', `/admin/users/${newcomer.id}`)).json().data;
      expect(detail.group).toMatchObject({ id: vip.id, name: 'VIP' });
      const { swapFreeUserIds } = await import('../groups/groups.service');
      expect((await swapFreeUserIds(desk.t.deps.db.db)).has(newcomer.id)).toBe(true);
      await desk.call(admin, 'PUT', `/admin/groups/${SEEDED_GROUP_ID}`, { isDefault: true });
      expect(await defaults()).toEqual([SEEDED_GROUP_ID]);
      const later = await desk.newUser();
      expect((await desk.call(admin, 'GET', `/admin/users/${later.id}`)).json().data.group.id).toBe(
        SEEDED_GROUP_ID,
      );
      const audit = (await desk.call(admin, 'GET', '/admin/audit?action=group.update')).json().data.items;
      expect(audit.length).toBeGreaterThan(0);
    });

    it('moves a user to a group, audited', async () => {
      const user = await desk.newUser();
      await joinCross(user);
      const entry = (
        await desk.call(admin, 'GET', `/admin/audit?action=user.group&targetId=${user.id}`)
      ).json().data.items[0];
      expect(entry).toMatchObject({ before: { groupId: SEEDED_GROUP_ID }, after: { groupId: crossGroupId } });
      const missing = await desk.call(admin, 'PUT', `/admin/users/${user.id}/group`, {
        groupId: '00000000-0000-4000-8000-000000000000',
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('cross margin', () => {
    it('shows the margin level, warns once per crossing, refuses orders at margin call and stops out the largest loss first', async () => {
      const user = await desk.newUser();
      await joinCross(user);
      const calls: unknown[] = [];
      const off = await desk.t.deps.bus.subscribe(MARGIN_CALL_CHANNEL, (message) => {
        if (message.userId === user.id) calls.push(message.event);
      });
      await quote(10_000_000, 100_000);
      expect((await desk.portfolio(user)).marginLevel).toBeNull();
      // BTC $40,000 at 10× (margin 4,000, fee 20) and ETH $10,000 at 10× (margin 1,000, fee 5).
      const btc = await desk.placed(user, { side: 'buy', type: 'market', amount: '40000', leverage: 10 });
      const eth = await desk.placed(user, {
        symbol: 'ETH_USDT',
        side: 'buy',
        type: 'market',
        amount: '10000',
        leverage: 10,
      });
      expect(btc.liquidationPrice).toBeNull();
      await quote(10_000_000, 100_000);
      expect(await desk.portfolio(user)).toMatchObject({
        equity: '9975.00',
        marginUsed: '5000.00',
        marginLevel: '199.50',
        marginMode: 'cross',
        marginCallLevel: 100,
        stopOutLevel: 50,
      });

      // BTC −13 %: equity 4,775, level 95.5: a margin call, once.
      await quote(8_700_000);
      expect((await desk.portfolio(user)).marginLevel).toBe('95.50');
      await quote(8_690_000);
      await desk.triggers.settled();
      expect(await notices(user.id, 'margin_call')).toBe(1);
      await desk.mailbox.waitFor(user.email, /Margin call/);
      expect(calls).toEqual([
        {
          account: 'demo',
          marginMode: 'cross',
          orderId: null,
          symbol: null,
          marginLevel: '95.50',
          marginCallLevel: 100,
          stopOutLevel: 50,
        },
      ]);
      await off();
      const refused = await desk.order(user, { side: 'buy', type: 'market', amount: '100', leverage: 10 });
      expect(refused.json().data).toMatchObject({ status: 'rvt', reason: 'margin_call' });

      // Back above the margin call, then down again: a second call.
      await quote(9_900_000);
      await desk.triggers.settled();
      expect(margin().isWarned(user.id, 'demo')).toBe(false);
      await quote(8_700_000);
      await desk.triggers.settled();
      expect(await notices(user.id, 'margin_call')).toBe(2);

      // BTC −19 %: equity 2,375, level 47.5: BTC (the largest loss) closes, ETH stays.
      const stopOutsBefore = (await desk.executions()).stop_out ?? 0;
      await quote(8_100_000);
      await desk.triggers.settled();
      const orders = (await desk.call(user, 'GET', '/orders?account=demo')).json().data.items;
      expect(orders.find((order: { id: string }) => order.id === btc.id)).toMatchObject({
        status: 'exc',
        reason: 'stop_out',
        pnl: '-7600.00',
      });
      expect(orders.find((order: { id: string }) => order.id === eth.id)).toMatchObject({ status: 'act' });
      expect(await desk.portfolio(user)).toMatchObject({ balance: '2375.00', marginLevel: '237.50' });
      // Operators see it: one position closed by a stop-out.
      expect((await desk.executions()).stop_out).toBe(stopOutsBefore + 1);
      await expectSoundLedger(desk);
    });

    it('counts the swaps its positions accumulated in the level: a rollover’s charge can bring the call', async () => {
      // BTC $40,000 at 10× (margin 4,000, fee 20), then −14 %: equity 4,380, level 109.5 %.
      const { user, order: btc } = await crossBtcBuyer('40000');
      await quote(8_600_000);
      await desk.triggers.settled();
      expect((await desk.portfolio(user)).marginLevel).toBe('109.50');
      expect(margin().isWarned(user.id, 'demo')).toBe(false);
      // A rollover charges it 600 USD of swaps, as the swap job's statement does: level 94.5 %.
      await desk.rows(sql`update orders set swap = -60000 where id = ${btc.id}`);
      expect((await desk.portfolio(user)).marginLevel).toBe('94.50');
      // The monitor reads the swaps with the balances (every 5 s): the call follows, once.
      await expect
        .poll(() => margin().isWarned(user.id, 'demo'), { timeout: 15_000, interval: 200 })
        .toBe(true);
      await desk.triggers.settled();
      await expect.poll(() => notices(user.id, 'margin_call')).toBe(1);
      const refused = await desk.order(user, { side: 'buy', type: 'market', amount: '100', leverage: 10 });
      expect(refused.json().data).toMatchObject({ status: 'rvt', reason: 'margin_call' });
    });

    it('never leaves a balance below zero: a gap beyond the account is written off to the house', async () => {
      const { user, order } = await crossBtcBuyer('50000');
      // −40 % at once: a loss of 20,000 against 9,975.
      await quote(6_000_000);
      await desk.triggers.settled();
      expect(await desk.portfolio(user)).toMatchObject({ balance: '0.00', marginLevel: null });
      const offs = (await desk.call(admin, 'GET', '/admin/write-offs?limit=100')).json().data.items;
      expect(offs.find((off: { orderId: string }) => off.orderId === order.id)).toMatchObject({
        userId: user.id,
        account: 'demo',
        amount: '10025.00',
      });
      await expectSoundLedger(desk);
    });
  });

  describe('isolated margin', () => {
    it('warns once per crossing, across a restart of the engine, and writes off a gap beyond the margin', async () => {
      const user = await desk.newUser();
      await quote(10_000_000);
      const order = await desk.placed(user, { side: 'buy', type: 'market', amount: '50000', leverage: 10 });
      // Liquidation at 20 % of the margin: a loss of 4,000, at 92,000.
      expect(order.liquidationPrice).toBe('92000.00');
      // −6 %: (5,000 − 3,000) ÷ 5,000 = 40 % ≤ 50 %.
      await quote(9_400_000);
      await desk.triggers.settled();
      expect(await notices(user.id, 'margin_call')).toBe(1);
      expect(margin().isWarned(user.id, 'demo', order.id)).toBe(true);
      // Another engine (a restart) sees the same crossing: the call stands, no second warning.
      const restarted = createTriggerEngine({
        repo: (await import('./orders.repository')).createOrdersRepository(desk.t.deps.db.db),
        orders: desk.marketOrders,
        bus: desk.t.deps.bus,
        logger: desk.t.deps.logger,
        notify: desk.notify,
        db: desk.t.deps.db.db,
      });
      const stop = await restarted.start();
      await restarted.margin?.readingsDone();
      restarted.onQuote('BTC_USDT', 9_390_000, 9_390_000);
      await restarted.settled();
      await stop();
      expect(await notices(user.id, 'margin_call')).toBe(1);

      // A gap through the liquidation price: the loss beyond the margin is the house's.
      await quote(6_000_000);
      await desk.triggers.settled();
      const closed = await desk.orderOf(user, order.id);
      expect(closed).toMatchObject({ status: 'exc', reason: 'liquidation', pnl: '-5000.00' });
      const offs = (await desk.call(admin, 'GET', '/admin/write-offs?limit=100')).json().data.items;
      expect(offs.find((off: { orderId: string }) => off.orderId === order.id)?.amount).toBe('15000.00');
      expect(margin().isWarned(user.id, 'demo', order.id)).toBe(false);
      await expectSoundLedger(desk);
    });

    it('follows a new stop-out level at once: open positions get the new liquidation price', async () => {
      const user = await desk.newUser();
      const group = (
        await desk.call(admin, 'POST', '/admin/groups', {
          name: 'Careful',
          marginCallLevel: 80,
          stopOutLevel: 60,
        })
      ).json().data;
      await desk.call(admin, 'PUT', `/admin/users/${user.id}/group`, { groupId: group.id });
      await quote(10_000_000);
      const order = await desk.placed(user, { side: 'buy', type: 'market', amount: '50000', leverage: 10 });
      // 60 % of the margin: a loss of 2,000, at 96,000.
      expect(order.liquidationPrice).toBe('96000.00');
      await desk.call(admin, 'PUT', `/admin/groups/${group.id}`, { stopOutLevel: 20 });
      expect((await desk.orderOf(user, order.id)).liquidationPrice).toBe('92000.00');
    });
  });
});
