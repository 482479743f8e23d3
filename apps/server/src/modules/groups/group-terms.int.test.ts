import { markupIncome } from '@td/contracts/group-terms';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { checkMoney } from '../../testing/money-checker';
import { useAccounts, useTradingDesk } from '../../testing/use-trading-desk';

/**
 * A client group's trading terms: its users' new orders are priced at the pair's spread widened by
 * the group's markup (the house books the difference as spread income), pay the group's opening
 * fee, and are held to its leverage cap; a change of the terms applies to new orders only.
 */
describe("client groups' trading terms", () => {
  const desk = useTradingDesk();
  const { admin, plain, marked } = useAccounts(desk, { admin: 'admin', plain: 'user', marked: 'user' });
  let groupId: string;

  /** What the house's spread account holds, in cents. */
  const spreadIncome = async () =>
    BigInt(
      (
        await desk.rows<{ total: string }>(
          sql`select coalesce(sum(e.amount_cents), 0)::text as total from ledger_entries e
              join ledger_accounts a on a.id = e.account_id
              where a.user_id is null and a.book = 'house' and a.kind = 'spread'`,
        )
      )[0]?.total ?? 'x',
    );
  const market = async (user: TestUser, body: Record<string, unknown> = {}) => {
    const placed = await desk.order(user, {
      side: 'buy',
      type: 'market',
      amount: '1000',
      leverage: 5,
      ...body,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json().data;
  };

  beforeAll(async () => {
    groupId = await desk.newGroup(admin, {
      name: 'Marked up',
      spreadMarkup: { crypto: '100' },
      maxLeverage: { crypto: 5 },
      openingFeeRate: '0.002',
    });
    await desk.moveToGroup(admin, marked, groupId);
  });

  it('prices, charges and caps the same order by each user’s group', async () => {
    // Spread 20.00; a 100 % markup widens it by 10.00 on each side.
    await desk.setQuote('BTC_USDT', 4_999_000, 5_001_000);
    const before = await spreadIncome();
    const ordinary = await market(plain);
    const grouped = await market(marked);
    expect(ordinary).toMatchObject({ status: 'act', price: '50010.00', fee: '0.50' });
    expect(grouped).toMatchObject({ status: 'act', price: '50020.00', fee: '2.00' });
    // The markup of the fill is the house's spread income; the plain order earns none.
    expect((await spreadIncome()) - before).toBe(markupIncome(100_000n, 5_002_000n, 5_001_000n));

    const sold = await market(marked, { side: 'sell' });
    expect(sold.price).toBe('49980.00');

    // The group allows 5× on crypto, below the pair's own cap: more is a 400 naming the leverage.
    const refused = await desk.order(marked, { side: 'buy', type: 'market', amount: '1000', leverage: 6 });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(JSON.stringify(refused.json().details)).toContain('leverage');
    const allowed = await desk.order(plain, { side: 'buy', type: 'market', amount: '1000', leverage: 6 });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it('shows each user their group’s spread, leverage cap and fee', async () => {
    await desk.setQuote('BTC_USDT', 4_999_000, 5_001_000);
    const spec = async (user: TestUser) => (await desk.call(user, 'GET', '/pairs/BTC_USDT/spec')).json().data;
    const ordinary = await spec(plain);
    const grouped = await spec(marked);
    expect(ordinary.spread).toBe('20.00');
    expect(grouped.spread).toBe('40.00');
    expect(Number(grouped.typicalSpread)).toBeCloseTo(Number(ordinary.typicalSpread) * 2, 1);
    expect(grouped.maxLeverage).toBe(5);
    expect(grouped.marginRate).toBe('0.2');
    expect(ordinary.maxLeverage).toBeGreaterThan(5);

    const terms = await desk.call(marked, 'GET', '/profile/trading-terms');
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json().data).toEqual({
      spreadMarkup: { crypto: '100.00', forex: '0.00', stocks: '0.00' },
      maxLeverage: { crypto: 5, forex: 1000, stocks: 1000 },
      openingFeeRate: '0.002000',
    });
    expect((await desk.call(plain, 'GET', '/profile/trading-terms')).json().data.openingFeeRate).toBe(
      '0.000500',
    );
  });

  it('fills a pending limit when the group’s price reaches it, not the market’s', async () => {
    await desk.setQuote('BTC_USDT', 4_999_000, 5_001_000);
    const limit = { side: 'buy', type: 'limit', amount: '1000', leverage: 5, price: '50000.00' };
    const ordinary = await desk.placed(plain, limit);
    const grouped = await desk.placed(marked, limit);
    expect([ordinary.status, grouped.status]).toEqual(['pnd', 'pnd']);

    // The market's ask reaches 50000; the group's (10.00 above it) does not.
    await desk.setQuote('BTC_USDT', 4_998_000, 5_000_000);
    expect((await desk.orderOf(plain, ordinary.id)).status).toBe('act');
    expect((await desk.orderOf(marked, grouped.id)).status).toBe('pnd');

    const before = await spreadIncome();
    await desk.setQuote('BTC_USDT', 4_997_000, 4_999_000);
    const filled = await desk.orderOf(marked, grouped.id);
    expect(filled).toMatchObject({ status: 'act', price: '50000.00' });
    expect((await spreadIncome()) - before).toBe(markupIncome(100_000n, 5_000_000n, 4_999_000n));
  });

  it('applies a change of the group’s terms to new orders only', async () => {
    await desk.setQuote('BTC_USDT', 4_999_000, 5_001_000);
    const old = await market(marked);
    expect(old.price).toBe('50020.00');
    const changed = await desk.call(admin, 'PUT', `/admin/groups/${groupId}`, {
      spreadMarkup: { crypto: '0' },
      maxLeverage: { crypto: 10 },
      openingFeeRate: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = await market(marked, { leverage: 10 });
    expect(fresh).toMatchObject({ price: '50010.00', fee: '0.50' });

    // The position opened before the change closes at its own markup's price; the new one at the market's.
    const before = await spreadIncome();
    const closedOld = await desk.call(marked, 'POST', `/orders/${old.id}/close`);
    expect(closedOld.statusCode, closedOld.body).toBe(200);
    expect(closedOld.json().data.closePrice).toBe('49980.00');
    expect((await spreadIncome()) - before).toBe(markupIncome(100_000n, 4_998_000n, 4_999_000n));
    const closedFresh = await desk.call(marked, 'POST', `/orders/${fresh.id}/close`);
    expect(closedFresh.json().data.closePrice).toBe('49990.00');
  });

  it('holds the very next order to a change made since the last one, by the group or of the group', async () => {
    await desk.setQuote('BTC_USDT', 4_999_000, 5_001_000);
    const user = await desk.newUser();
    const looseId = await desk.newGroup(admin, { name: 'Loose', maxLeverage: { crypto: 20 } });
    const tightId = await desk.newGroup(admin, { name: 'Tight', spreadMarkup: { crypto: '100' } });
    await desk.moveToGroup(admin, user, looseId);
    expect(await market(user, { leverage: 20 })).toMatchObject({ price: '50010.00' });

    // A lowered cap refuses the next order, though the order before was placed on the old one.
    const lowered = await desk.call(admin, 'PUT', `/admin/groups/${looseId}`, {
      maxLeverage: { crypto: 10 },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const refused = await desk.order(user, { side: 'buy', type: 'market', amount: '1000', leverage: 20 });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(JSON.stringify(refused.json().details)).toContain('leverage');

    // Moved to another group, the next order is priced by that group's markup.
    await desk.moveToGroup(admin, user, tightId);
    expect(await market(user)).toMatchObject({ price: '50020.00' });
  });

  it('keeps the ledger balanced and the money checker green', async () => {
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    expect(await checkMoney(desk.t.deps.db.db)).toEqual([]);
  });
});
