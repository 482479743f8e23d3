import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../../testing/use-trading-desk';

describe('scenario: cancel a pending order', () => {
  const desk = useTradingDesk();

  it('returns the reserved margin and fee, and the order never fills', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const placed = (
      await desk.order(user, { side: 'sell', type: 'limit', price: '52000', amount: '300', leverage: 3 })
    ).json().data;
    expect(placed).toMatchObject({ status: 'pnd', margin: '100.00', fee: '0.15' });
    const cancelled = await desk.call(user, 'DELETE', `/orders/${placed.id}`);
    expect(cancelled.json().data.status).toBe('cnl');
    expect(await desk.portfolio(user)).toMatchObject({ balance: '10000.00', marginUsed: '0.00' });
    await desk.setQuote('BTC_USDT', 5_300_000, 5_301_000);
    expect((await desk.call(user, 'GET', `/orders?status=act`)).json().data.total).toBe(0);
    expect((await desk.call(user, 'DELETE', `/orders/${placed.id}`)).statusCode).toBe(409);
    const other = await desk.newUser();
    expect((await desk.call(other, 'DELETE', `/orders/${placed.id}`)).statusCode).toBe(404);
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});
