import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../testing/use-trading-desk';

/** Races whose outcome depends on PostgreSQL's row locks taken by separate connections. */
const RACES = 20;

describe('a firing stop against its owner’s cancel', () => {
  const desk = useTradingDesk();

  it('settles each race once: filled or cancelled, never both, and the money adds up', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const outcomes = { act: 0, cnl: 0 };
    for (let index = 0; index < RACES; index++) {
      const placed = await desk.placed(user, {
        side: 'buy',
        type: 'stop',
        stopPrice: '50100',
        amount: '100',
        leverage: 10,
      });
      // Several engines (or a retry) fire the same stop while the owner cancels it.
      const [cancel, ...fills] = await Promise.all([
        desk.call(user, 'DELETE', `/orders/${placed.id}`),
        desk.marketOrders.fillStop(placed.id, 5_011_000n),
        desk.marketOrders.fillStop(placed.id, 5_012_000n),
      ]);
      const filled = fills.filter((row) => row !== undefined);
      if (cancel.statusCode === 200) {
        expect(filled).toHaveLength(0);
        outcomes.cnl++;
      } else {
        expect(cancel.statusCode).toBe(409);
        expect(filled).toHaveLength(1);
        outcomes.act++;
      }
      const listed = (await desk.call(user, 'GET', '/orders?limit=100')).json().data.items;
      expect(listed.find((item: { id: string }) => item.id === placed.id).status).toBe(
        cancel.statusCode === 200 ? 'cnl' : 'act',
      );
    }
    expect(outcomes.act + outcomes.cnl).toBe(RACES);
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    const portfolio = await desk.portfolio(user);
    // Each filled stop holds its margin ($10) and paid its fee; each cancelled one holds nothing.
    expect(portfolio.marginUsed).toBe(`${outcomes.act * 10}.00`);
  });
});
