import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LOT, SMALL_LOT } from '../../../testing/order-bodies';
import type { TradingDesk } from '../../../testing/trading';
import { useTradingDesk } from '../../../testing/use-trading-desk';
import { createOrdersRepository } from '../orders.repository';
import { orders } from '../orders.schema';
import { createTriggerEngine } from '../trigger-engine';

/**
 * Stop and stop-limit orders, trailing stops and expiring orders: placement checks that name the
 * field, triggers that fire once at the tick's price, trailing stop-losses that move only in the
 * trader's favour and outlive the engine, and pending orders that expire with their reserve given
 * back, also when their end came while no engine ran.
 */

const HOUR_MS = 3_600_000;

/** Expects a 400 whose details name `field`; `label` says which case it was. */
const expectRefusedNaming = (response: LightMyRequestResponse, field: string, label = response.body) => {
  expect(response.statusCode, label).toBe(400);
  expect(response.json().details.map((issue: { field: string }) => issue.field)).toContain(field);
};

/** A second trigger engine on the desk's database: a restart, or another process. */
const engineOf = (desk: TradingDesk, now?: () => number, onExecuted?: (action: string) => void) =>
  createTriggerEngine({
    repo: createOrdersRepository(desk.t.deps.db.db),
    orders: desk.marketOrders,
    bus: desk.t.deps.bus,
    logger: pino({ level: 'silent' }),
    notify: desk.notify,
    ...(now ? { now } : {}),
    ...(onExecuted ? { onExecuted } : {}),
  });

describe('scenario: stop orders', () => {
  const desk = useTradingDesk();

  it('refuses a stop on the wrong side of the market, or without what its type needs, naming the field', async () => {
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    for (const [body, field] of [
      [{ side: 'buy', type: 'stop', stopPrice: '49990' }, 'body.stopPrice'],
      [{ side: 'buy', type: 'stop', stopPrice: '50000' }, 'body.stopPrice'],
      [{ side: 'sell', type: 'stop', stopPrice: '49995' }, 'body.stopPrice'],
      [{ side: 'buy', type: 'stop' }, 'body.stopPrice'],
      [{ side: 'buy', type: 'stop_limit', stopPrice: '51000' }, 'body.price'],
      [{ side: 'buy', type: 'limit', price: '49000', stopPrice: '51000' }, 'body.stopPrice'],
      [{ side: 'buy', type: 'stop', stopPrice: '51000.123' }, 'body.stopPrice'],
      [{ side: 'buy', type: 'stop', stopPrice: '1e99' }, 'body.stopPrice'],
    ] as const) {
      const user = await desk.newUser();
      expectRefusedNaming(await desk.order(user, { ...LOT, ...body }), field);
    }
  });

  it('waits as Pending with margin reserved, fills once at the ask that reached it (slipped), never again', async () => {
    const user = await desk.newTrader();
    const placed = await desk.placed(user, { side: 'buy', type: 'stop', stopPrice: '50500', ...LOT });
    expect(placed).toMatchObject({ status: 'pnd', type: 'stop', stopPrice: '50500.00', price: null });
    expect(await desk.portfolio(user)).toMatchObject({ balance: '10000.00', marginUsed: '100.50' });
    await desk.setQuote('BTC_USDT', 5_040_000, 5_049_900);
    expect((await desk.orderOf(user, placed.id)).status).toBe('pnd');
    // The ask jumps past the trigger: it fills at the new ask, not at the trigger.
    await desk.setQuote('BTC_USDT', 5_060_000, 5_061_000);
    const filled = await desk.orderOf(user, placed.id);
    expect(filled).toMatchObject({ status: 'act', price: '50610.00', stopPrice: '50500.00' });
    expect(filled.triggeredAt).not.toBeNull();
    expect(await desk.portfolio(user)).toMatchObject({ marginUsed: '100.00' });
    await desk.setQuote('BTC_USDT', 5_160_000, 5_161_000);
    const rows = await desk.t.deps.db.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('turns a sell stop-limit into a limit when the bid falls to its trigger, then fills at its limit', async () => {
    const user = await desk.newTrader();
    const placed = await desk.placed(user, {
      side: 'sell',
      type: 'stop_limit',
      stopPrice: '49000',
      price: '49200',
      ...SMALL_LOT,
    });
    expect(placed).toMatchObject({
      status: 'pnd',
      price: '49200.00',
      stopPrice: '49000.00',
      triggeredAt: null,
    });
    // Above its limit, but the trigger has not been reached: a stop-limit does not fill.
    await desk.setQuote('BTC_USDT', 4_950_000, 4_951_000);
    expect((await desk.orderOf(user, placed.id)).status).toBe('pnd');
    await desk.setQuote('BTC_USDT', 4_890_000, 4_891_000);
    const triggered = await desk.orderOf(user, placed.id);
    expect(triggered).toMatchObject({ status: 'pnd', price: '49200.00', stopPrice: '49000.00' });
    expect(triggered.triggeredAt).not.toBeNull();
    await desk.setQuote('BTC_USDT', 4_921_000, 4_922_000);
    expect(await desk.orderOf(user, placed.id)).toMatchObject({
      status: 'act',
      price: '49210.00',
    });
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('fills a stop-limit at once when the tick that reaches its trigger also takes its limit', async () => {
    const user = await desk.newTrader();
    const placed = await desk.placed(user, {
      side: 'buy',
      type: 'stop_limit',
      stopPrice: '50100',
      price: '50300',
      ...SMALL_LOT,
    });
    await desk.setQuote('BTC_USDT', 5_019_000, 5_020_000);
    expect(await desk.orderOf(user, placed.id)).toMatchObject({
      status: 'act',
      price: '50200.00',
    });
  });

  it('lets the owner move a waiting stop, on its side of the market only', async () => {
    const user = await desk.newTrader();
    const placed = await desk.placed(user, { side: 'sell', type: 'stop', stopPrice: '49000', ...SMALL_LOT });
    const wrong = await desk.call(user, 'PUT', `/orders/${placed.id}`, { stopPrice: '50000' });
    expectRefusedNaming(wrong, 'body.stopPrice');
    const moved = await desk.call(user, 'PUT', `/orders/${placed.id}`, { stopPrice: '48000' });
    expect(moved.json().data).toMatchObject({ stopPrice: '48000.00' });
    await desk.setQuote('BTC_USDT', 4_850_000, 4_851_000);
    expect((await desk.orderOf(user, placed.id)).status).toBe('pnd');
    await desk.setQuote('BTC_USDT', 4_790_000, 4_791_000);
    expect(await desk.orderOf(user, placed.id)).toMatchObject({
      status: 'act',
      price: '47900.00',
    });
  });
});

describe('scenario: trailing stop', () => {
  const desk = useTradingDesk();

  it('refuses a trailing stop with a stop loss, or not above 0, naming trailingStop', async () => {
    const user = await desk.newTrader();
    for (const body of [
      { trailingStop: '100', stopLoss: '49000' },
      { trailingStop: '0' },
      { trailingStop: '-5' },
      { trailingStop: '60000' },
    ]) {
      const response = await desk.order(user, { side: 'buy', type: 'market', ...LOT, ...body });
      expectRefusedNaming(response, 'body.trailingStop', JSON.stringify(body));
    }
  });

  it('moves the stop loss only in the trader’s favour, keeps it across an engine restart, and closes there', async () => {
    const user = await desk.newTrader();
    const placed = await desk.placed(user, { side: 'buy', type: 'market', trailingStop: '200', ...LOT });
    expect(placed).toMatchObject({ status: 'act', stopLoss: '49790.00', trailingStop: '200.00' });
    await desk.setQuote('BTC_USDT', 5_050_000, 5_051_000);
    await desk.setQuote('BTC_USDT', 5_040_000, 5_041_000);
    await desk.triggers.sweep();
    const afterRise = await desk.orderOf(user, placed.id);
    expect(afterRise).toMatchObject({ status: 'act', stopLoss: '50300.00', trailingStop: '200.00' });

    // Another engine (a restart, or the market role moving to another process) reads it back.
    const before = await desk.executions();
    const restartedExecuted: string[] = [];
    const restarted = engineOf(desk, undefined, (action) => restartedExecuted.push(action));
    const stop = await restarted.start();
    expect(restarted.books.trailingLevel('BTC_USDT', placed.id)).toBe(5_030_000n);
    // A lower price does not move it back.
    restarted.onQuote('BTC_USDT', 5_035_000, 5_036_000);
    await desk.setQuote('BTC_USDT', 5_035_000, 5_036_000);
    expect(restarted.books.trailingLevel('BTC_USDT', placed.id)).toBe(5_030_000n);

    // A fall to the level closes at the bid, with the stop loss as it stood, once though both engines saw it.
    restarted.onQuote('BTC_USDT', 5_029_000, 5_030_000);
    await desk.setQuote('BTC_USDT', 5_029_000, 5_030_000);
    await restarted.settled();
    await stop();
    const closed = await desk.orderOf(user, placed.id);
    expect(closed).toMatchObject({
      status: 'exc',
      reason: 'stop_loss',
      closePrice: '50290.00',
      stopLoss: '50300.00',
    });
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    // Counted once, as a trailing stop's close, not as a fixed stop-loss (whichever engine ran it).
    const after = await desk.executions();
    const counted = (action: string) =>
      (after[action] ?? 0) -
      (before[action] ?? 0) +
      restartedExecuted.filter((each) => each === action).length;
    expect([counted('trailing_stop'), counted('stop_loss')]).toEqual([1, 0]);
  });
  it('keeps a moved stop where it stood when an edit of the position reloads it before the save', async () => {
    const user = await desk.newTrader();
    const placed = await desk.placed(user, { side: 'buy', type: 'market', trailingStop: '100', ...LOT });
    expect(placed).toMatchObject({ stopLoss: '49890.00' });
    await desk.setQuote('BTC_USDT', 5_020_000, 5_021_000);
    // An edit (here added margin) reloads the position from its row before the engine saved the move.
    expect((await desk.call(user, 'POST', `/orders/${placed.id}/margin`, { amount: '5' })).statusCode).toBe(
      200,
    );
    await desk.setQuote('BTC_USDT', 5_015_000, 5_016_000);
    expect(desk.triggers.books.trailingLevel('BTC_USDT', placed.id)).toBe(5_010_000n);
    await desk.setQuote('BTC_USDT', 5_009_000, 5_010_000);
    expect(await desk.orderOf(user, placed.id)).toMatchObject({
      status: 'exc',
      closePrice: '50090.00',
      stopLoss: '50100.00',
    });
  });

  it('lets the owner change the distance (trailing from the price now) or remove it (the stop stays)', async () => {
    const user = await desk.newTrader();
    const placed = await desk.placed(user, { side: 'sell', type: 'market', trailingStop: '300', ...LOT });
    expect(placed).toMatchObject({ stopLoss: '50300.00', trailingStop: '300.00' });
    const both = await desk.call(user, 'PUT', `/orders/${placed.id}`, {
      trailingStop: '100',
      stopLoss: '50500',
    });
    expectRefusedNaming(both, 'body.trailingStop');
    const nearer = await desk.call(user, 'PUT', `/orders/${placed.id}`, { trailingStop: '100' });
    expect(nearer.json().data).toMatchObject({ stopLoss: '50100.00', trailingStop: '100.00' });
    await desk.setQuote('BTC_USDT', 4_979_000, 4_980_000);
    const removed = await desk.call(user, 'PUT', `/orders/${placed.id}`, { trailingStop: null });
    expect(removed.json().data).toMatchObject({ stopLoss: '49900.00', trailingStop: null });
    // A fixed stop now: a better price no longer moves it.
    await desk.setQuote('BTC_USDT', 4_899_000, 4_900_000);
    await desk.triggers.sweep();
    expect(await desk.orderOf(user, placed.id)).toMatchObject({ status: 'act', stopLoss: '49900.00' });
    await desk.setQuote('BTC_USDT', 4_989_000, 4_990_000);
    expect(await desk.orderOf(user, placed.id)).toMatchObject({ status: 'exc', closePrice: '49900.00' });
  });
});

describe('scenario: expiring orders', () => {
  const desk = useTradingDesk();

  it('refuses an expiry that is missing, too soon, too far or on a market order, naming the field', async () => {
    const user = await desk.newTrader();
    const limit = { side: 'buy', type: 'limit', price: '49000', ...LOT };
    const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
    for (const [body, field] of [
      [{ ...limit, timeInForce: 'gtd' }, 'body.expiresAt'],
      [{ ...limit, timeInForce: 'gtd', expiresAt: ahead(30_000) }, 'body.expiresAt'],
      [{ ...limit, timeInForce: 'gtd', expiresAt: ahead(400 * 24 * HOUR_MS) }, 'body.expiresAt'],
      [{ ...limit, timeInForce: 'gtd', expiresAt: 'tomorrow' }, 'body.expiresAt'],
      [{ ...limit, timeInForce: 'gtc', expiresAt: ahead(HOUR_MS) }, 'body.expiresAt'],
      [{ ...limit, timeInForce: 'week' }, 'body.timeInForce'],
      [{ side: 'buy', type: 'market', ...LOT, timeInForce: 'day' }, 'body.timeInForce'],
    ] as const) {
      const response = await desk.order(user, body);
      expectRefusedNaming(response, field, JSON.stringify(body));
    }
  });

  it('sets a day order to end at the trading day’s end (crypto: midnight UTC)', async () => {
    const user = await desk.newTrader();
    const placed = await desk.placed(user, {
      side: 'buy',
      type: 'limit',
      price: '49000',
      timeInForce: 'day',
      ...LOT,
    });
    const midnight = new Date((Math.floor(Date.now() / (24 * HOUR_MS)) + 1) * 24 * HOUR_MS).toISOString();
    expect(placed).toMatchObject({ status: 'pnd', timeInForce: 'day', expiresAt: midnight });
  });

  it('cancels a pending order as expired when its time comes, gives its reserve back and tells the user', async () => {
    let clock = Date.now();
    const engine = engineOf(desk, () => clock);
    const stop = await engine.start();
    const user = await desk.newTrader();
    const expiresAt = new Date(Date.now() + 2 * HOUR_MS).toISOString();
    const placed = await desk.placed(user, {
      side: 'sell',
      type: 'stop',
      stopPrice: '49000',
      timeInForce: 'gtd',
      expiresAt,
      ...LOT,
    });
    expect(placed).toMatchObject({ status: 'pnd', timeInForce: 'gtd', expiresAt });
    expect(await desk.portfolio(user)).toMatchObject({ marginUsed: '100.50' });
    await engine.sweep();
    expect((await desk.orderOf(user, placed.id)).status).toBe('pnd');
    clock += 3 * HOUR_MS;
    await engine.sweep();
    await stop();
    const expired = await desk.orderOf(user, placed.id);
    expect(expired).toMatchObject({ status: 'cnl', reason: 'expired' });
    expect(await desk.portfolio(user)).toMatchObject({ balance: '10000.00', marginUsed: '0.00' });
    await expect
      .poll(async () => (await desk.call(user, 'GET', '/notifications')).json().data.items[0]?.kind)
      .toBe('order_expired');
    // An expired stop never fires.
    await desk.setQuote('BTC_USDT', 4_800_000, 4_801_000);
    expect((await desk.orderOf(user, placed.id)).status).toBe('cnl');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('expires, as the engine starts, what came to its end while no engine ran', async () => {
    const user = await desk.newTrader();
    const placed = await desk.placed(user, {
      side: 'buy',
      type: 'limit',
      price: '48000',
      timeInForce: 'gtd',
      expiresAt: new Date(Date.now() + HOUR_MS).toISOString(),
      ...LOT,
    });
    await desk.t.deps.db.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, placed.id));
    const engine = engineOf(desk);
    const stop = await engine.start();
    await engine.settled();
    await stop();
    expect(await desk.orderOf(user, placed.id)).toMatchObject({
      status: 'cnl',
      reason: 'expired',
    });
    expect(await desk.portfolio(user)).toMatchObject({ balance: '10000.00', marginUsed: '0.00' });
  });
});
