import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOT } from '../../../testing/order-bodies';
import { useTradingDesk } from '../../../testing/use-trading-desk';

/**
 * Placing orders: a limit order filled or cancelled, one refused for want of margin, and one refused
 * while its market is closed. Each scenario runs on a desk of its own.
 */

describe('scenario: limit order', () => {
  const desk = useTradingDesk();

  it('waits as Pending with its margin reserved, then fills when the ask falls to it', async () => {
    const user = await desk.newTrader();
    const placed = (await desk.order(user, { side: 'buy', type: 'limit', price: '49000', ...LOT })).json();
    expect(placed.message).toBe('Order placed successfully');
    expect(placed.data).toMatchObject({ status: 'pnd', price: '49000.00', margin: '100.00', fee: '0.50' });
    expect(await desk.portfolio(user)).toMatchObject({ balance: '10000.00', marginUsed: '100.50' });
    await desk.setQuote('BTC_USDT', 4_899_000, 4_899_500);
    const filled = (await desk.call(user, 'GET', `/orders`)).json().data.items[0];
    expect(filled).toMatchObject({ status: 'act', price: '48995.00', liquidationPrice: '45075.40' });
    expect(await desk.portfolio(user)).toMatchObject({ balance: '9999.50', marginUsed: '100.00' });
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    // Operators see it: one trigger execution, a fill.
    const executions = await desk.t.deps.metrics?.registry
      .getSingleMetric('td_trigger_executions_total')
      ?.get();
    expect(executions?.values).toEqual([{ labels: { action: 'fill' }, value: 1 }]);
  });

  it('fills at once like a market order when the limit is on the wrong side of the market', async () => {
    const user = await desk.newTrader();
    const placed = await desk.placed(user, { side: 'buy', type: 'limit', price: '51000', ...LOT });
    expect(placed).toMatchObject({ status: 'act', price: '50000.00' });
  });
});

describe('scenario: cancel a pending order', () => {
  const desk = useTradingDesk();

  it('returns the reserved margin and fee, and the order never fills', async () => {
    const user = await desk.newTrader();
    const placed = await desk.placed(user, {
      side: 'sell',
      type: 'limit',
      price: '52000',
      amount: '300',
      leverage: 3,
    });
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

describe('scenario: not enough free margin', () => {
  // 100 orders at once from one user: far past the per-user trading budget a person never reaches,
  // which is raised here so the race reaches the balance.
  const desk = useTradingDesk({ tradingLimit: { name: 'trading-user', max: 1_000, windowMs: 60_000 } });

  it('rejects an order whose margin and fee exceed the free balance', async () => {
    const user = await desk.newTrader();
    // $20,000 at 2×: margin $10,000 + fee $10 > $10,000.
    const response = await desk.order(user, { side: 'buy', type: 'market', amount: '20000', leverage: 2 });
    expect(response.json().data).toMatchObject({ status: 'rvt', reason: 'insufficient_margin' });
    expect(response.json().message).toBe('Order rejected: Not enough free margin');
    expect((await desk.portfolio(user)).balance).toBe('10000.00');
  });

  it('rejects leverage above the pair maximum and amounts outside the limits', async () => {
    const user = await desk.newTrader();
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
    const user = await desk.newTrader();
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

describe('scenario: market closed', () => {
  const desk = useTradingDesk();
  beforeAll(async () => {});
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rejects a forex order at the weekend as Rejected, with the reason, moving no money', async () => {
    const user = await desk.newUser();
    // Saturday 12:00 New York time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T17:00:00Z'));
    await desk.setQuote('EUR_USD', 10_850, 10_851, 'forex', 4);
    const response = await desk.order(user, {
      symbol: 'EUR_USD',
      side: 'buy',
      type: 'market',
      amount: '1000',
      leverage: 50,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Order rejected: The market is closed');
    expect(response.json().data).toMatchObject({
      status: 'rvt',
      reason: 'market_closed',
      margin: '0.00',
      fee: '0.00',
    });
    expect((await desk.portfolio(user)).balance).toBe('10000.00');
  });

  it('rejects a stock order outside 09:30–16:00 New York time, and takes it inside', async () => {
    const user = await desk.newUser();
    const buyApple = () =>
      desk.placed(user, {
        symbol: 'AAPL_USD',
        side: 'buy',
        type: 'market',
        amount: '100',
        leverage: 2,
      });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T14:29:00Z')); // Wednesday 09:29 in New York
    await desk.setQuote('AAPL_USD', 19_000, 19_010, 'stocks');
    expect((await buyApple()).reason).toBe('market_closed');
    vi.setSystemTime(new Date('2026-11-18T14:31:00Z')); // 09:31
    await desk.setQuote('AAPL_USD', 19_000, 19_010, 'stocks');
    expect((await buyApple()).status).toBe('act');
  });
});
