import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../../testing/use-trading-desk';

describe('scenario: partial close', () => {
  const desk = useTradingDesk();

  it('closes a part as its own Manual Close order and keeps the rest open', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const order = (
      await desk.order(user, { side: 'buy', type: 'market', amount: '1000', leverage: 10 })
    ).json().data;
    await desk.setQuote('BTC_USDT', 5_100_000, 5_101_000);
    const response = await desk.call(user, 'POST', `/orders/${order.id}/partial-close`, { amount: '400' });
    expect(response.statusCode).toBe(200);
    // The rest: $600 with $60 margin; liquidation stays 8 % below entry.
    expect(response.json().data).toMatchObject({
      id: order.id,
      status: 'act',
      amount: '600.00',
      margin: '60.00',
      liquidationPrice: '46000.00',
    });
    const part = (await desk.call(user, 'GET', '/orders?status=mcl')).json().data.items[0];
    // +2 % of $400 = +$8.00.
    expect(part).toMatchObject({
      parentId: order.id,
      amount: '400.00',
      margin: '40.00',
      closePrice: '51000.00',
      pnl: '8.00',
    });
    expect(await desk.portfolio(user)).toMatchObject({
      balance: '10007.50',
      marginUsed: '60.00',
      unrealizedPnl: '12.00',
    });
    expect(
      (await desk.call(user, 'POST', `/orders/${order.id}/partial-close`, { amount: '600' })).statusCode,
    ).toBe(400);
    expect(
      (await desk.call(user, 'POST', `/orders/${order.id}/partial-close`, { amount: '595' })).statusCode,
    ).toBe(400);
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});
