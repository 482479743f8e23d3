import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../../testing/use-trading-desk';

describe('scenario: limit order', () => {
  const desk = useTradingDesk();

  it('waits as Pending with its margin reserved, then fills when the ask falls to it', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const placed = (
      await desk.order(user, { side: 'buy', type: 'limit', price: '49000', amount: '1000', leverage: 10 })
    ).json();
    expect(placed.message).toBe('Order placed successfully');
    expect(placed.data).toMatchObject({ status: 'pnd', price: '49000.00', margin: '100.00', fee: '0.50' });
    expect(await desk.portfolio(user)).toMatchObject({ balance: '10000.00', marginUsed: '100.50' });
    await desk.setQuote('BTC_USDT', 4_899_000, 4_899_500);
    const filled = (await desk.call(user, 'GET', `/orders`)).json().data.items[0];
    expect(filled).toMatchObject({ status: 'act', price: '48995.00', liquidationPrice: '45075.40' });
    expect(await desk.portfolio(user)).toMatchObject({ balance: '9999.50', marginUsed: '100.00' });
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('fills at once like a market order when the limit is on the wrong side of the market', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const placed = (
      await desk.order(user, { side: 'buy', type: 'limit', price: '51000', amount: '1000', leverage: 10 })
    ).json().data;
    expect(placed).toMatchObject({ status: 'act', price: '50000.00' });
  });
});
