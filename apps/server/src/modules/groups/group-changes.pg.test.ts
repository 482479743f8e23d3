import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { expectSoundLedger, useTradingDesk } from '../../testing/use-trading-desk';
import { users } from '../auth/auth.schema';
import { type AccountRisk, liquidationFor } from '../trading/account-risk';
import { orders } from '../trading/orders.schema';
import { clientGroups } from './groups.schema';

/** Users placing orders at once, and the rounds in which staff change their group meanwhile. */
const USERS = 6;
const ROUNDS = 12;
/** Stop-out levels the rounds go through: each round's change gives a new liquidation price. */
const STOP_OUT_LEVELS = [20, 50, 30, 45, 25, 40];

/**
 * A client group's margin rule applies to every open position at once, including positions whose
 * orders were being placed while staff changed the rule or moved the user to another group: such
 * an order either opens before the change (and is re-levelled with the rest) or is priced on the
 * new rule, never opened on the replaced one. Races of separate connections: PostgreSQL only.
 */
describe('orders placed while staff change the client group', () => {
  const desk = useTradingDesk();

  const placeAll = (traders: TestUser[]) =>
    traders.map((user) =>
      desk.order(user, {
        side: user === traders[0] ? 'sell' : 'buy',
        type: 'market',
        amount: '100',
        leverage: 10,
      }),
    );

  /** Each open position of these users against the rule their group has now. */
  const positionsAgainstTheirRule = async (traders: TestUser[]) => {
    const db = desk.t.deps.db.db;
    const rules = new Map<string, AccountRisk>(
      (
        await db
          .select({
            userId: users.id,
            marginMode: clientGroups.marginMode,
            marginCallLevel: clientGroups.marginCallLevel,
            stopOutLevel: clientGroups.stopOutLevel,
          })
          .from(users)
          .innerJoin(clientGroups, eq(clientGroups.id, users.groupId))
          .where(
            inArray(
              users.id,
              traders.map((user) => user.id),
            ),
          )
      ).map(({ userId, ...risk }) => [userId, risk]),
    );
    const open = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'act'),
          inArray(
            orders.userId,
            traders.map((user) => user.id),
          ),
        ),
      );
    return open.map((row) => {
      const risk = rules.get(row.userId);
      if (!risk || row.price === null) throw new Error(`no rule or no price for ${row.id}`);
      return {
        id: row.id,
        liquidationPrice: row.liquidationPrice,
        expected: liquidationFor(risk, row.side, row.amountCents, row.marginCents, row.price),
      };
    });
  };

  it('leaves no position on a stop-out level the group no longer has', async () => {
    const admin = await desk.newAdmin();
    const groupId = await desk.newGroup(admin, {
      name: 'Level racing',
      marginCallLevel: 80,
      stopOutLevel: 60,
    });
    const traders = await Promise.all(Array.from({ length: USERS }, () => desk.newUser()));
    for (const user of traders) await desk.moveToGroup(admin, user, groupId);
    await desk.setQuote('BTC_USDT', 9_999_000, 10_000_000);

    let opened = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const stopOutLevel = STOP_OUT_LEVELS[round % STOP_OUT_LEVELS.length];
      const [changed, ...placed] = await Promise.all([
        desk.call(admin, 'PUT', `/admin/groups/${groupId}`, { stopOutLevel }),
        ...placeAll(traders),
      ]);
      expect(changed.statusCode, changed.body).toBe(200);
      for (const each of placed) {
        expect(each.statusCode, each.body).toBe(201);
        expect(each.json().data.status).toBe('act');
      }
      opened += placed.length;
      const positions = await positionsAgainstTheirRule(traders);
      expect(positions).toHaveLength(opened);
      for (const position of positions) expect(position.liquidationPrice).toBe(position.expected);
    }
    await expectSoundLedger(desk);
  });

  it('leaves no position on the rule of a group its owner was moved out of', async () => {
    const admin = await desk.newAdmin();
    const isolated = await desk.newGroup(admin, { name: 'Moving isolated', marginMode: 'isolated' });
    const cross = await desk.newGroup(admin, { name: 'Moving cross', marginMode: 'cross' });
    const traders = await Promise.all(Array.from({ length: USERS }, () => desk.newUser()));
    for (const user of traders) await desk.moveToGroup(admin, user, isolated);
    await desk.setQuote('BTC_USDT', 9_999_000, 10_000_000);

    const groupOf = new Map(traders.map((user) => [user.id, isolated]));
    for (let round = 0; round < ROUNDS; round++) {
      // Each round moves one of them to the other group while all of them place an order.
      const mover = traders[round % USERS] as TestUser;
      const target = groupOf.get(mover.id) === isolated ? cross : isolated;
      groupOf.set(mover.id, target);
      const [moved, ...placed] = await Promise.all([
        desk.call(admin, 'PUT', `/admin/users/${mover.id}/group`, { groupId: target }),
        ...placeAll(traders),
      ]);
      expect(moved.statusCode, moved.body).toBe(200);
      for (const each of placed) expect(each.statusCode, each.body).toBe(201);
      for (const position of await positionsAgainstTheirRule(traders))
        expect(position.liquidationPrice).toBe(position.expected);
    }
    await expectSoundLedger(desk);
  });
});
