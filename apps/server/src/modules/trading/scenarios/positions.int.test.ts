import { describe, expect, it } from 'vitest';
import { LOT, SMALL_LOT } from '../../../testing/order-bodies';
import { useTradingDesk } from '../../../testing/use-trading-desk';

/**
 * An open position: opened and closed, partly closed, given more margin, and closed by its
 * take-profit, its stop-loss or a liquidation. Each scenario runs on a desk of its own.
 */

describe('scenario: open a market position and close it', () => {
  const desk = useTradingDesk();

  it('opens at the ask with margin and fee to the cent, values it live, and closes at the bid', async () => {
    const user = await desk.newTrader();
    // $1,000 at 10×: margin $100.00, fee 0.05 % = $0.50.
    const opened = await desk.order(user, { side: 'buy', type: 'market', ...LOT });
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
    const opened = await desk.placed(user, { side: 'sell', type: 'market', amount: '2000', leverage: 20 });
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
    const user = await desk.newTrader();
    const body = { side: 'buy', type: 'market', amount: '100', leverage: 5, clientOrderId: 'retry-me' };
    const results = await Promise.all(Array.from({ length: 20 }, () => desk.order(user, body)));
    const ids = new Set(results.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect((await desk.portfolio(user)).balance).toBe('9999.95');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});

describe('scenario: partial close', () => {
  const desk = useTradingDesk();

  it('closes a part as its own Manual Close order and keeps the rest open', async () => {
    const user = await desk.newTrader();
    const order = await desk.placed(user, { side: 'buy', type: 'market', ...LOT });
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

describe('scenario: add margin', () => {
  const desk = useTradingDesk();

  it('moves money from the free balance into the position and the liquidation price away', async () => {
    const user = await desk.newTrader();
    const order = await desk.placed(user, { side: 'buy', type: 'market', ...LOT });
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

describe('scenario: take-profit hit', () => {
  const desk = useTradingDesk();

  it('closes the position as Done at the tick’s price, exactly once', async () => {
    const user = await desk.newTrader();
    const order = await desk.placed(user, { side: 'buy', type: 'market', ...LOT, takeProfit: '52000' });
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
    const user = await desk.newTrader();
    const response = await desk.order(user, { side: 'buy', type: 'market', ...LOT, takeProfit: '49000' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Take profit must be above the current price for a buy');
    expect((await desk.portfolio(user)).balance).toBe('10000.00');
  });
});

describe('scenario: stop-loss hit', () => {
  const desk = useTradingDesk();

  it('closes a sell when the ask rises to its stop-loss, taking the loss to the cent', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 5_000_000, 5_001_000);
    const order = await desk.placed(user, { side: 'sell', type: 'market', ...SMALL_LOT, stopLoss: '51000' });
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

describe('scenario: liquidation', () => {
  const desk = useTradingDesk();

  it('closes at equity of 20 % of the margin, and a gap never costs more than the margin', async () => {
    const user = await desk.newTrader();
    const order = await desk.placed(user, { side: 'buy', type: 'market', amount: '1000', leverage: 20 });
    // Margin $50: liquidation at a loss of $40 = 4 % below 50,000.
    expect(order).toMatchObject({ margin: '50.00', fee: '0.50', liquidationPrice: '48000.00' });
    await desk.setQuote('BTC_USDT', 4_800_100, 4_801_000);
    expect((await desk.call(user, 'GET', '/orders?status=act')).json().data.total).toBe(1);
    await desk.setQuote('BTC_USDT', 4_800_000, 4_801_000);
    const [closed] = (await desk.call(user, 'GET', '/orders')).json().data.items;
    expect(closed).toMatchObject({
      status: 'exc',
      reason: 'liquidation',
      closePrice: '48000.00',
      pnl: '-40.00',
    });
    expect((await desk.portfolio(user)).balance).toBe('9959.50');

    // A second position caught by a gap far below its liquidation price loses its margin, no more.
    const gapped = await desk.placed(user, { side: 'buy', type: 'market', amount: '1000', leverage: 20 });
    expect(gapped.price).toBe('48010.00');
    await desk.setQuote('BTC_USDT', 3_000_000, 3_001_000);
    const latest = (await desk.call(user, 'GET', '/orders')).json().data.items[0];
    expect(latest).toMatchObject({ id: gapped.id, status: 'exc', reason: 'liquidation', pnl: '-50.00' });
    expect((await desk.portfolio(user)).balance).toBe('9909.00');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});
