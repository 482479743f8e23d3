import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../../testing/use-trading-desk';

describe('scenario: add margin', () => {
  const desk = useTradingDesk();

  it('moves money from the free balance into the position and the liquidation price away', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const order = (
      await desk.order(user, { side: 'buy', type: 'market', amount: '1000', leverage: 10 })
    ).json().data;
    expect(order.liquidationPrice).toBe('46000.00');
    const response = await desk.call(user, 'POST', `/orders/${order.id}/margin`, { amount: '100' });
    expect(response.json().message).toBe('Margin added successfully');
    // Margin $200: liquidation at a loss of $160 = 16 % below entry.
    expect(response.json().data).toMatchObject({ margin: '200.00', liquidationPrice: '42000.00' });
    expect(await desk.portfolio(user)).toMatchObject({ balance: '9999.50', marginUsed: '200.00' });
    // The old liquidation price no longer closes it.
    await desk.setQuote('BTC_USDT', 4_500_000, 4_501_000);
    expect((await desk.call(user, 'GET', '/orders?status=act')).json().data.total).toBe(1);
    expect(
      (await desk.call(user, 'POST', `/orders/${order.id}/margin`, { amount: '20000' })).json(),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'Not enough free balance',
    });
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});
