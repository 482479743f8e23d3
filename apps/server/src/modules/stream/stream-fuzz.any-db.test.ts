import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import {
  type StreamClient as Client,
  listenLocally,
  streamTicket,
  useStreamClients,
} from '../../testing/stream-clients';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { hostileScalar } from '../../testing/zod-arbitrary';

type Received = Array<{ event: string; payload: unknown }>;

/** Events per run (at least 1,000; FUZZ_RUNS raises it), and the seed (printed, FUZZ_SEED replays it). */
const EVENTS = Math.max(1_000, Number(process.env.FUZZ_RUNS ?? 0));
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const WAIT_MS_MAX = 5_000;
const USER_EVENTS = ['order', 'balance', 'notification'] as const;

/** Polls `isDone` until it holds, for at most WAIT_MS_MAX. */
async function until(isDone: () => boolean, what: string) {
  const deadline = Date.now() + WAIT_MS_MAX;
  while (!isDone()) {
    if (Date.now() > deadline) throw new Error(`not within ${WAIT_MS_MAX} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The stream fuzzed like the HTTP contracts: two users' sockets send arbitrary event names and
 * payloads. The server does not fall over, still answers, and a user's `order`, `balance` and
 * `notification` events reach only that user's sockets.
 */
describe('the stream, fuzzed', () => {
  const desk = useTradingDesk();
  let url: string;
  let alice: TestUser;
  let bob: TestUser;
  const received = new Map<Client, Received>();
  // Every socket logs what it hears from its first event on.
  const clients = useStreamClients(() => url, {
    closeAfter: 'all',
    onOpen: (client) => {
      const log: Received = [];
      received.set(client, log);
      client.onAny((event: string, payload: unknown) => log.push({ event, payload }));
      client.on('disconnect', (reason) => log.push({ event: 'disconnect', payload: reason }));
    },
  });

  const open = async (user: TestUser): Promise<Client> =>
    clients.connect(await streamTicket(desk.t.app, user.token));

  beforeAll(async () => {
    console.log(`stream fuzzing: seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${EVENTS} events`);
    await desk.setQuote('BTC_USDT', 6_000_000, 6_000_100);
    url = await listenLocally(desk.t.app);
    alice = await desk.newUser();
    bob = await desk.newUser();
  }, 60_000);

  const eventName = fc.oneof(
    fc.constantFrom(
      'liveKline',
      'unLiveKline',
      'order',
      'balance',
      'notification',
      'ticker',
      'streamError',
      'join',
      'leave',
      'subscribe',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'error',
      'newListener',
    ),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );

  it('survives arbitrary events from two users, still answers, and keeps each user’s events to them', async () => {
    const users = [alice, bob];
    const sockets = [await open(alice), await open(alice), await open(bob), await open(bob)];
    const ownerOf = (client: Client) => (sockets.indexOf(client) < 2 ? alice : bob);
    const otherOf = (user: TestUser) => (user === alice ? bob : alice);
    const payload = (from: TestUser) =>
      fc.oneof(
        fc.jsonValue({ maxDepth: 4 }),
        // Under the message limit: what is over it closes the socket (the next test).
        hostileScalar.filter((value) => String(value).length <= 4_000),
        fc.record({
          symbol: fc.oneof(
            fc.constantFrom('BTC_USDT', 'forex:EUR_USD', `user:${otherOf(from).id}`, 'kline:BTC_USDT:1', '*'),
            fc.string(),
          ),
          interval: fc.oneof(fc.constantFrom('1', '60', '1D', '7'), fc.string()),
        }),
        fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
        fc.constant({ userId: otherOf(from).id, room: `user:${otherOf(from).id}` }),
        // Large, but under the stream's message limit (16 KiB) even three at a time.
        fc.string({ minLength: 1_000, maxLength: 4_000 }),
      );
    const plan = fc.sample(
      fc.tuple(fc.nat(sockets.length - 1), eventName, fc.array(fc.nat(), { maxLength: 3 })),
      { numRuns: EVENTS, seed: SEED },
    );
    let refusedNames = 0;
    for (const [index, name, argSeeds] of plan) {
      const client = sockets[index] as Client;
      const from = ownerOf(client);
      const args = argSeeds.map((seed) => fc.sample(payload(from), { numRuns: 1, seed })[0]);
      try {
        (client.emit as (event: string, ...rest: unknown[]) => void)(name, ...args);
      } catch {
        // The client refuses reserved names ("connect", "disconnect") before they are sent.
        refusedNames++;
      }
    }
    // A bounded wait for what the server does with the last of them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refusedNames).toBeLessThan(plan.length);

    // Still answering: HTTP, a new socket's subscription, and the fuzzed sockets themselves.
    expect((await desk.t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const fresh = await open(alice);
    fresh.emit('liveKline', { symbol: 'BTC_USDT', interval: '1' });
    await until(() => received.get(fresh)?.some((entry) => entry.event === 'ticker') ?? false, 'a ticker');
    for (const client of sockets) {
      expect(
        client.connected,
        JSON.stringify(received.get(client)?.filter((e) => e.event === 'disconnect')),
      ).toBe(true);
    }

    // Nothing of one user's reached the other's sockets, during the fuzzing or now.
    for (const log of received.values()) log.length = 0;
    const orderOf = new Map<TestUser, string>();
    for (const user of users) {
      const placed = await desk.order(user, { side: 'buy', type: 'market', amount: '100', leverage: 2 });
      expect(placed.statusCode, placed.body).toBe(201);
      orderOf.set(user, placed.json().data.id);
      await desk.notify(user.id, 'ticket_reply', { message: `For ${user.id}` });
    }
    const all = [...sockets, fresh];
    const eventsOf = (client: Client) => received.get(client) ?? [];
    for (const client of all) {
      await until(
        () => USER_EVENTS.every((event) => eventsOf(client).some((entry) => entry.event === event)),
        'the user’s own order, balance and notification',
      );
    }
    for (const client of all) {
      const user = client === fresh ? alice : ownerOf(client);
      const mine = (event: string) => eventsOf(client).filter((entry) => entry.event === event);
      expect(mine('order').map((entry) => (entry.payload as { id: string }).id)).toEqual([orderOf.get(user)]);
      expect(mine('notification').map((entry) => (entry.payload as { message: string }).message)).toEqual([
        `For ${user.id}`,
      ]);
      expect(mine('balance')).toHaveLength(1);
    }
  }, 120_000);

  it('closes only the socket that sends past the message limit, and goes on answering', async () => {
    const [loud, quiet] = [await open(alice), await open(bob)];
    const closed = new Promise<void>((resolve) => loud.once('disconnect', () => resolve()));
    loud.emit('liveKline', { symbol: 'x'.repeat(64 * 1024), interval: '1' } as never);
    await closed;
    quiet.emit('liveKline', { symbol: 'BTC_USDT', interval: '60' });
    await until(() => received.get(quiet)?.some((entry) => entry.event === 'ticker') ?? false, 'a ticker');
    expect(quiet.connected).toBe(true);
  });
});
