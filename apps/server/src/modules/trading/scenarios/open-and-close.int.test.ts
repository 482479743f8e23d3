import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../../testing/use-trading-desk';

describe('scenario: open a market position and close it', () => {
  const desk = useTradingDesk();

  it('opens at the ask with margin and fee to the cent, values it live, and closes at the bid', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    // $1,000 at 10×: margin $100.00, fee 0.05 % = $0.50.
    const opened = await desk.order(user, { side: 'buy', type: 'market', amount: '1000', leverage: 10 });
    expect(opened.statusCode).toBe(201);
    expect(opened.json().data).toMatchObject({
      status: 'act',
      price: '50000.00',
      amount: '1000.00',
      margin: '100.00',
      fee: '0.50',
      // Equity at 20 % of margin: a loss of $80 = 8 % below entry.
      liquidationPrice: '46000.00',
    });
    expect(await desk.portfolio(user)).toMatchObject({
      balance: '9999.50',
      marginUsed: '100.00',
      // At once the position is worth the bid: 49,990 vs 50,000 entry = −0.02 % = −$0.20.
      unrealizedPnl: '-0.20',
      equity: '9999.30',
    });

    await desk.setQuote('BTC_USDT', 5_100_000, 5_101_000);
    expect((await desk.portfolio(user)).unrealizedPnl).toBe('20.00');
    const closed = await desk.call(user, 'POST', `/orders/${opened.json().data.id}/close`);
    expect(closed.json().data).toMatchObject({ status: 'mcl', closePrice: '51000.00', pnl: '20.00' });
    expect(await desk.portfolio(user)).toMatchObject({
      balance: '10019.50',
      marginUsed: '0.00',
      realizedPnl: '20.00',
    });
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('opens a sell at the bid and profits when the price falls', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 5_000_000, 5_001_000);
    const opened = (
      await desk.order(user, { side: 'sell', type: 'market', amount: '2000', leverage: 20 })
    ).json().data;
    expect(opened).toMatchObject({
      price: '50000.00',
      margin: '100.00',
      fee: '1.00',
      liquidationPrice: '52000.00',
    });
    await desk.setQuote('BTC_USDT', 4_899_000, 4_900_000);
    const closed = (await desk.call(user, 'POST', `/orders/${opened.id}/close`)).json().data;
    // Bought back at the ask 49,000: +2 % of $2,000 = $40.00.
    expect(closed).toMatchObject({ closePrice: '49000.00', pnl: '40.00' });
    expect((await desk.portfolio(user)).balance).toBe('10039.00');
  });

  it('answers a retried clientOrderId with the first order and moves no money twice', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const body = { side: 'buy', type: 'market', amount: '100', leverage: 5, clientOrderId: 'retry-me' };
    const results = await Promise.all(Array.from({ length: 20 }, () => desk.order(user, body)));
    const ids = new Set(results.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect((await desk.portfolio(user)).balance).toBe('9999.95');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});
