import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../../testing/use-trading-desk';

describe('scenario: take-profit hit', () => {
  const desk = useTradingDesk();

  it('closes the position as Done at the tick’s price, exactly once', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const order = (
      await desk.order(user, {
        side: 'buy',
        type: 'market',
        amount: '1000',
        leverage: 10,
        takeProfit: '52000',
      })
    ).json().data;
    expect(order.takeProfit).toBe('52000.00');
    await desk.setQuote('BTC_USDT', 5_150_000, 5_151_000);
    expect((await desk.call(user, 'GET', `/orders?status=act`)).json().data.total).toBe(1);
    // The bid jumps past the take-profit: it closes at that bid, 52,100 (+4.2 % = +$42.00).
    await desk.setQuote('BTC_USDT', 5_210_000, 5_211_000);
    await desk.setQuote('BTC_USDT', 5_220_000, 5_221_000);
    const history = (await desk.call(user, 'GET', '/orders')).json().data.items;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      status: 'exc',
      reason: 'take_profit',
      closePrice: '52100.00',
      pnl: '42.00',
    });
    expect(await desk.portfolio(user)).toMatchObject({ balance: '10041.50', marginUsed: '0.00' });
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('refuses a take-profit on the wrong side with a 400', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const response = await desk.order(user, {
      side: 'buy',
      type: 'market',
      amount: '1000',
      leverage: 10,
      takeProfit: '49000',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Take profit must be above the current price for a buy');
    expect((await desk.portfolio(user)).balance).toBe('10000.00');
  });
});
