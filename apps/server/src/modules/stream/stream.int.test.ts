import type { TLiveKlineEvent } from '@td/contracts/market';
import type { ServerToClientEvents } from '@td/contracts/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, type TestUser } from '../../testing/accounts';
import { startTestMarket } from '../../testing/market';
import { demoBtcBuy } from '../../testing/order-bodies';
import {
  type StreamClient as Client,
  listenLocally,
  streamTicket,
  useStreamClients,
} from '../../testing/stream-clients';
import { useTestApp } from '../../testing/use-test-app';
import { NOTIFICATIONS_CHANNEL } from '../notifications/notifications.service';
import { USER_EVENTS_CHANNEL } from '../trading/trading-channels';

describe('the stream', () => {
  const world = useTestApp({}, { hasMetrics: true });
  let stopEngine: () => Promise<void>;
  let user: TestUser;
  let url: string;
  const { open, connected, connect } = useStreamClients(() => url);

  /** A stream ticket for `who`'s session (the file's user unless told otherwise). */
  const ticket = (who: TestUser = user) => streamTicket(world.t.app, who.token);

  const next = <E extends keyof ServerToClientEvents>(client: Client, event: E, ms = 3_000) =>
    new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
      client.once(
        event as 'liveKline',
        ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
          clearTimeout(timer);
          resolve(payload);
        }) as never,
      );
    });

  beforeAll(async () => {
    stopEngine = await startTestMarket(world.t, { symbols: ['BTC_USDT', 'EUR_USD'] });
    url = await listenLocally(world.t.app);
    user = await createUser(world.t.app, world.mailbox);
  });
  afterAll(async () => {
    await stopEngine?.();
  });

  it('accepts a fresh ticket, sends the current candle at once, then live updates at most every 250 ms', async () => {
    const client = await connect(await ticket());
    const received: Array<{ at: number; event: TLiveKlineEvent }> = [];
    client.on('liveKline', (event) => received.push({ at: Date.now(), event }));
    client.emit('liveKline', { symbol: 'BTC_USDT', interval: '1' });
    // The first candle at once, then at least two live updates (a bounded poll: a busy machine
    // may run the engine's ticks late, never closer together).
    await expect.poll(() => received.length, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    expect(received[0]?.event).toMatchObject({
      symbol: 'BTC_USDT',
      type: 'crp',
      interval: '1',
      closed: false,
    });
    expect(received[0]?.event.candle).toEqual({
      t: expect.any(Number),
      o: expect.stringMatching(/^\d+\.\d{2}$/),
      h: expect.any(String),
      l: expect.any(String),
      c: expect.any(String),
      v: expect.any(String),
    });
    const updates = received.filter((entry) => !entry.event.closed);
    for (let i = 2; i < updates.length; i++) {
      expect((updates[i]?.at ?? 0) - (updates[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(150);
    }
  });

  it('sends ticker events for the pairs subscribed to', async () => {
    const client = await connect(await ticket());
    client.emit('liveKline', { symbol: 'BTC_USDT', interval: '60' });
    const ticker = await next(client, 'ticker');
    expect(ticker).toMatchObject({ key: 'CRP:BTC_USDT', price: expect.any(String), bid: expect.any(String) });
  });

  it('counts the messages it sends to its sockets, by event, for the metrics', async () => {
    const sentOf = async (event: string) =>
      (await world.t.deps.metrics?.registry.getSingleMetric('td_stream_messages_total')?.get())?.values.find(
        (value) => value.labels.event === event,
      )?.value ?? 0;
    const before = await sentOf('ticker');
    const client = await connect(await ticket());
    let tickers = 0;
    client.on('ticker', () => tickers++);
    client.emit('liveKline', { symbol: 'BTC_USDT', interval: '60' });
    await expect.poll(() => tickers, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    // The first ticker answers the subscription itself; every later one is a broadcast, counted.
    expect(await sentOf('ticker')).toBeGreaterThanOrEqual(before + 2);
  });

  it('sends the current candle of a closed market too (forex at the weekend)', async () => {
    const client = await connect(await ticket());
    client.emit('liveKline', { symbol: 'forex:EUR_USD', interval: '1D' });
    const event = await next(client, 'liveKline');
    expect(event).toMatchObject({ symbol: 'forex:EUR_USD', type: 'forex', interval: '1D' });
  });

  it('stops updates after unLiveKline', async () => {
    const client = await connect(await ticket());
    client.emit('liveKline', { symbol: 'BTC_USDT', interval: '5' });
    await next(client, 'liveKline');
    client.emit('unLiveKline', { symbol: 'BTC_USDT', interval: '5' });
    await new Promise((r) => setTimeout(r, 300));
    let count = 0;
    client.on('liveKline', () => count++);
    await new Promise((r) => setTimeout(r, 800));
    expect(count).toBe(0);
  });

  it('answers a bad subscription with an error event and stays connected', async () => {
    const client = await connect(await ticket());
    client.emit('liveKline', { symbol: 'BTC_USDT', interval: '7' } as never);
    expect(await next(client, 'streamError')).toMatchObject({ event: 'liveKline' });
    client.emit('liveKline', { symbol: 'NOPE_USD', interval: '1' });
    expect((await next(client, 'streamError')).message).toMatch(/Unknown pair/);
    client.emit('liveKline', 'garbage' as never);
    await next(client, 'streamError');
    expect(client.connected).toBe(true);
  });

  it('refuses a reused ticket, a session token, and no ticket', async () => {
    const token = await ticket();
    await connect(token);
    for (const bad of [token, user.token, undefined, 'x']) {
      const client = open(bad);
      await expect(connected(client)).rejects.toThrow(/Unauthorized/);
    }
  });

  it("tells a user's own sockets of their order changes and new balance, and nobody else's", async () => {
    const mine = await connect(await ticket());
    const someone = await createUser(world.t.app, world.mailbox);
    const theirs = await connect(await ticket(someone));
    let leaked = 0;
    theirs.on('order', () => leaked++);
    const orderEvent = next(mine, 'order');
    const balanceEvent = next(mine, 'balance');
    const placed = await world.t.app.inject({
      method: 'POST',
      url: '/orders',
      headers: bearer(user.token),
      payload: demoBtcBuy(2),
    });
    expect(placed.json().data.status).toBe('act');
    expect(await orderEvent).toMatchObject({ id: placed.json().data.id, status: 'act' });
    expect(await balanceEvent).toMatchObject({ account: 'demo', marginUsed: '50.00', balance: '9999.95' });
    expect(leaked).toBe(0);
  });

  it("reads a book's balance once at a time: a burst of order events costs two readings, and the last one is current", async () => {
    const owner = await createUser(world.t.app, world.mailbox);
    const client = await connect(await ticket(owner));
    const orders: unknown[] = [];
    const balances: Array<{ marginUsed: string }> = [];
    client.on('order', (order) => orders.push(order));
    client.on('balance', (balance) => balances.push(balance));
    const placed = await world.t.app.inject({
      method: 'POST',
      url: '/orders',
      headers: bearer(owner.token),
      payload: demoBtcBuy(2),
    });
    expect(placed.statusCode).toBe(201);
    // Nine more events for the same order at once, as a burst of trigger closes would send.
    for (let i = 0; i < 9; i++)
      await world.t.deps.bus.publish(USER_EVENTS_CHANNEL, {
        userId: owner.id,
        book: 'demo',
        kind: 'order',
        order: placed.json().data,
      });
    await expect.poll(() => orders.length, { timeout: 5_000, interval: 20 }).toBe(10);
    // Then one more order: its balance comes after every earlier reading (one at a time) and
    // counts both positions.
    await world.t.app.inject({
      method: 'POST',
      url: '/orders',
      headers: bearer(owner.token),
      payload: demoBtcBuy(2),
    });
    await expect.poll(() => balances.at(-1)?.marginUsed, { timeout: 5_000, interval: 20 }).toBe('100.00');
    expect(orders).toHaveLength(11);
    expect(balances.length).toBeGreaterThanOrEqual(2);
    expect(balances.length).toBeLessThanOrEqual(4);
  });

  it("sends a user's notifications to their own sockets only", async () => {
    const mine = await connect(await ticket());
    const notification = next(mine, 'notification');
    await world.t.deps.bus.publish(NOTIFICATIONS_CHANNEL, {
      userId: user.id,
      event: {
        id: 'n1',
        kind: 'ticket_reply',
        message: 'Support replied',
        payload: {},
        createdAt: new Date().toISOString(),
      },
    });
    const event = {
      id: 'n2',
      kind: 'x',
      message: 'Not yours',
      payload: {},
      createdAt: new Date().toISOString(),
    };
    await world.t.deps.bus.publish(NOTIFICATIONS_CHANNEL, { userId: 'someone-else', event });
    expect(await notification).toMatchObject({ kind: 'ticket_reply', message: 'Support replied' });
  });

  it('gives a reconnecting client the current candle again for every pair it had', async () => {
    const first = await connect(await ticket());
    first.emit('liveKline', { symbol: 'BTC_USDT', interval: '15' });
    await next(first, 'liveKline');
    first.disconnect();
    const again = await connect(await ticket());
    again.emit('liveKline', { symbol: 'BTC_USDT', interval: '15' });
    expect(await next(again, 'liveKline')).toMatchObject({ symbol: 'BTC_USDT', interval: '15' });
  });
});
