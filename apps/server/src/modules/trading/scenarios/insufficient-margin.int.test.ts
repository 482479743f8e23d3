import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../../testing/use-trading-desk';

describe('scenario: not enough free margin', () => {
  const desk = useTradingDesk();

  it('rejects an order whose margin and fee exceed the free balance', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    // $20,000 at 2×: margin $10,000 + fee $10 > $10,000.
    const response = await desk.order(user, { side: 'buy', type: 'market', amount: '20000', leverage: 2 });
    expect(response.json().data).toMatchObject({ status: 'rvt', reason: 'insufficient_margin' });
    expect(response.json().message).toBe('Order rejected: Not enough free margin');
    expect((await desk.portfolio(user)).balance).toBe('10000.00');
  });

  it('rejects leverage above the pair maximum and amounts outside the limits', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    expect(
      (await desk.order(user, { side: 'buy', type: 'market', amount: '100', leverage: 21 })).json().data
        .reason,
    ).toBe('leverage_out_of_range');
    expect(
      (await desk.order(user, { side: 'buy', type: 'market', amount: '9.99', leverage: 1 })).json().data
        .reason,
    ).toBe('amount_out_of_range');
    expect(
      (await desk.order(user, { side: 'buy', type: 'market', amount: '100000001', leverage: 1 })).json().data
        .reason,
    ).toBe('amount_out_of_range');
    expect(
      (await desk.order(user, { side: 'buy', type: 'market', amount: '10.001', leverage: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await desk.order(user, { side: 'buy', type: 'market', amount: '-5', leverage: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await desk.order(user, { side: 'hold', type: 'market', amount: '10', leverage: 1 })).statusCode,
    ).toBe(400);
  });

  it('lets exactly the affordable ones of 100 parallel orders through', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    // Each needs $1,000.50 of the $10,000: nine fit.
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        desk.order(user, { side: 'buy', type: 'market', amount: '1000', leverage: 1 }),
      ),
    );
    const statuses = results.map((r) => r.json().data.status);
    expect(statuses.filter((s) => s === 'act')).toHaveLength(9);
    expect(statuses.filter((s) => s === 'rvt')).toHaveLength(91);
    expect(await desk.portfolio(user)).toMatchObject({ balance: '9995.50', marginUsed: '9000.00' });
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});
