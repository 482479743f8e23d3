import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../../testing/use-trading-desk';

describe('scenario: stop-loss hit', () => {
  const desk = useTradingDesk();

  it('closes a sell when the ask rises to its stop-loss, taking the loss to the cent', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 5_000_000, 5_001_000);
    const order = (
      await desk.order(user, { side: 'sell', type: 'market', amount: '500', leverage: 5, stopLoss: '51000' })
    ).json().data;
    expect(order).toMatchObject({ price: '50000.00', margin: '100.00', fee: '0.25', stopLoss: '51000.00' });
    await desk.setQuote('BTC_USDT', 5_100_000, 5_101_000);
    const [closed] = (await desk.call(user, 'GET', '/orders')).json().data.items;
    // Bought back at the ask 51,010: −2.02 % of $500 = −$10.10.
    expect(closed).toMatchObject({
      status: 'exc',
      reason: 'stop_loss',
      closePrice: '51010.00',
      pnl: '-10.10',
    });
    expect((await desk.portfolio(user)).balance).toBe('9989.65');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});
