import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { useTradingDesk } from '../../testing/use-trading-desk';

const LIMIT_CENTS = 300_000n;
const ORDERS = 12;

/**
 * The exposure limit under parallel Real orders on PostgreSQL: each reads the pair's net and writes
 * its position under the pair's lock, so however many arrive at once, the net never ends beyond
 * the limit, and exactly as many are accepted as fit.
 */
describe('the exposure limit under parallel orders', () => {
  const desk = useTradingDesk();
  let dealer: TestUser;
  const traders: TestUser[] = [];

  const net = async () => {
    const data = (await desk.call(dealer, 'GET', '/admin/risk')).json().data;
    const line = data.real.pairs.find((pair: { symbol: string }) => pair.symbol === 'BTC_USDT');
    return BigInt(line.net.replace('.', ''));
  };

  beforeAll(async () => {
    dealer = await desk.newAdmin();
    // No spread: a position is worth its amount at once, so the limit holds a whole number of them.
    await desk.setQuote('BTC_USDT', 5_000_000, 5_000_000);
    for (let index = 0; index < ORDERS; index++) {
      const user = await desk.newUser();
      await desk.fundReal(user, 100_000n);
      traders.push(user);
    }
    const set = await desk.call(dealer, 'PUT', '/admin/pairs/BTC_USDT', { maxNetExposure: '3000' });
    expect(set.statusCode, set.body).toBe(200);
  });

  it('accepts as many $500 buys as fit the $3,000 limit, and never more, all sent at once', async () => {
    const placed = await Promise.all(
      traders.map((user) =>
        desk.order(user, { account: 'real', side: 'buy', type: 'market', amount: '500', leverage: 10 }),
      ),
    );
    const statuses = placed.map((response) => {
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { status: string; reason: string | null };
    });
    const accepted = statuses.filter((order) => order.status === 'act');
    const refused = statuses.filter((order) => order.status === 'rvt');
    expect(accepted).toHaveLength(6);
    expect(refused).toHaveLength(ORDERS - 6);
    for (const order of refused) expect(order.reason).toBe('exposure_limit');
    expect(await net()).toBe(LIMIT_CENTS);
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('accepts parallel sells that reduce the net while buys beyond it are refused', async () => {
    const placed = await Promise.all(
      traders.slice(0, 8).map((user, index) =>
        desk.order(user, {
          account: 'real',
          side: index % 2 === 0 ? 'sell' : 'buy',
          type: 'market',
          amount: '500',
          leverage: 10,
        }),
      ),
    );
    const orders = placed.map((response) => response.json().data as { side: string; status: string });
    // Every sell reduces or keeps the net within the limit: all accepted.
    expect(orders.filter((order) => order.side === 'sell').every((order) => order.status === 'act')).toBe(
      true,
    );
    const final = await net();
    expect(final <= LIMIT_CENTS && final >= -LIMIT_CENTS).toBe(true);
  });
});
