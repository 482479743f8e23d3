import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEST_REDIS_URL } from '../../testing/test-database';
import { type Bus, type Channel, defineChannel } from './bus';
import { createMemoryBus } from './memory-bus';
import { BusUnavailableError, createRedisBus } from './redis-bus';

const logger = pino({ level: 'silent' });

/** Resolves with the next `count` messages a channel delivers, or rejects after `ms`. */
function collect(bus: Bus, channel: Channel, count: number, ms = 2_000) {
  const received: unknown[] = [];
  let unsubscribe: (() => Promise<void>) | undefined;
  const done = new Promise<unknown[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${received.length} of ${count} messages`)), ms);
    void bus
      .subscribe(channel, (message) => {
        received.push(message);
        if (received.length === count) {
          clearTimeout(timer);
          resolve(received);
        }
      })
      .then((fn) => {
        unsubscribe = fn;
      });
  });
  return { done, ready: () => new Promise((r) => setTimeout(r, 50)), unsubscribe: () => unsubscribe?.() };
}

const uniqueName = () => `test-${Math.random().toString(36).slice(2)}`;
/** A fresh channel that takes any JSON. */
const unique = () => defineChannel(uniqueName(), z.unknown());

describe.each([
  ['memory', async () => [createMemoryBus(logger)] as const],
  [
    'redis',
    async () =>
      [await createRedisBus(TEST_REDIS_URL, logger), await createRedisBus(TEST_REDIS_URL, logger)] as const,
  ],
])('the %s bus', (kind, open) => {
  const opened: Bus[] = [];
  const openBuses = async () => {
    const buses = await open();
    opened.push(...buses);
    // On Redis, the second bus is another process's: messages must cross between them.
    return { publisher: buses[0], subscriber: buses[1] ?? buses[0] };
  };

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  });

  it('delivers a published message to every subscriber of the channel, as JSON', async () => {
    const { publisher, subscriber } = await openBuses();
    expect(publisher.kind).toBe(kind);
    const channel = unique();
    const first = collect(subscriber, channel, 2);
    const second = collect(subscriber, channel, 2);
    await first.ready();
    await publisher.publish(channel, { price: '101.25', at: new Date(0) });
    await publisher.publish(channel, [1, 2]);
    // An object carries the instant it was published (a channel's schema drops it).
    const expected = [
      { price: '101.25', at: '1970-01-01T00:00:00.000Z', sentAtMs: expect.any(Number) },
      [1, 2],
    ];
    expect(await first.done).toEqual(expected);
    expect(await second.done).toEqual(expected);
  });

  it('tells how long each received message took from publish to receipt', async () => {
    const { publisher, subscriber } = await openBuses();
    const lags: Array<[string, number]> = [];
    subscriber.observeLag((channel, seconds) => lags.push([channel, seconds]));
    const channel = defineChannel(uniqueName(), z.object({ price: z.string() }));
    const received = collect(subscriber, channel, 1);
    await received.ready();
    const publishedAt = Date.now();
    await publisher.publish(channel, { price: '1.00' });
    expect(await received.done).toEqual([{ price: '1.00' }]);
    expect(lags).toHaveLength(1);
    expect(lags[0]?.[0]).toBe(channel.name);
    expect(lags[0]?.[1]).toBeGreaterThanOrEqual(0);
    expect(lags[0]?.[1]).toBeLessThanOrEqual((Date.now() - publishedAt) / 1000 + 0.001);
  });

  it('keeps channels apart', async () => {
    const { publisher, subscriber } = await openBuses();
    const [a, b] = [unique(), unique()];
    const onA = collect(subscriber, a, 1);
    const onB = collect(subscriber, b, 1);
    await onA.ready();
    await publisher.publish(b, 'for b');
    await publisher.publish(a, 'for a');
    expect(await onA.done).toEqual(['for a']);
    expect(await onB.done).toEqual(['for b']);
  });

  it('stops delivering after unsubscribe, while other subscribers still receive', async () => {
    const { publisher, subscriber } = await openBuses();
    const channel = unique();
    const seenByLeaver: unknown[] = [];
    const leave = await subscriber.subscribe(channel, (message) => seenByLeaver.push(message));
    const stayer = collect(subscriber, channel, 2);
    await stayer.ready();
    await publisher.publish(channel, 1);
    await new Promise((r) => setTimeout(r, 100));
    await leave();
    await publisher.publish(channel, 2);
    expect(await stayer.done).toEqual([1, 2]);
    expect(seenByLeaver).toEqual([1]);
  });

  it('keeps delivering to the others when one handler throws', async () => {
    const { publisher, subscriber } = await openBuses();
    const channel = unique();
    await subscriber.subscribe(channel, () => {
      throw new Error('bad handler');
    });
    const good = collect(subscriber, channel, 1);
    await good.ready();
    await publisher.publish(channel, 'still here');
    expect(await good.done).toEqual(['still here']);
  });

  it("hands a subscriber only messages that parse with the channel's schema", async () => {
    const { publisher, subscriber } = await openBuses();
    const name = uniqueName();
    const typed = defineChannel(name, z.object({ n: z.number().int() }));
    // Another process (another version, or a bug) writing something else on the same channel.
    const loose = defineChannel(name, z.unknown());
    const received = collect(subscriber, typed, 2);
    await received.ready();
    await publisher.publish(loose, { n: 'one' });
    await publisher.publish(typed, { n: 1 });
    await publisher.publish(loose, 'not even an object');
    await publisher.publish(typed, { n: 2 });
    expect(await received.done).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('hands a subscriber with `only` just the messages it accepts, and parses none it refuses', async () => {
    const { publisher, subscriber } = await openBuses();
    const parsed: string[] = [];
    const channel = defineChannel(
      uniqueName(),
      z.object({ userId: z.string() }).transform((message) => {
        parsed.push(message.userId);
        return message;
      }),
    );
    const received: unknown[] = [];
    await subscriber.subscribe(channel, (message) => received.push(message), {
      only: (message) => (message as { userId?: unknown }).userId === 'ours',
    });
    // Another subscriber of the channel in the same process, without a filter: it sees everything.
    const everyone = collect(subscriber, channel, 3);
    await everyone.ready();
    for (const userId of ['theirs', 'ours', 'theirs']) await publisher.publish(channel, { userId });
    await everyone.done;
    expect(received).toEqual([{ userId: 'ours' }]);
    // Three parses for the unfiltered subscriber, one for the filtered one.
    expect(parsed.filter((userId) => userId === 'theirs')).toHaveLength(2);
    expect(parsed.filter((userId) => userId === 'ours')).toHaveLength(2);
  });

  it('answers ping while open', async () => {
    const { publisher } = await openBuses();
    await expect(publisher.ping()).resolves.toBeUndefined();
  });
});

describe('the Redis bus', () => {
  it('fails with a clear error naming REDIS_URL when Redis does not answer', async () => {
    await expect(createRedisBus('redis://127.0.0.1:1', logger)).rejects.toThrowError(BusUnavailableError);
    await expect(createRedisBus('redis://127.0.0.1:1', logger)).rejects.toThrowError(
      /^REDIS_URL: cannot connect/,
    );
  });
});
