import { ZErrorBody } from '@td/contracts/envelope';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { TEST_REDIS_URL } from '../testing/test-database';
import { AppError } from './errors';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  enforce,
  openRateLimiter,
  type RateLimiter,
  type RateLimitRule,
} from './rate-limit';

const logger = pino({ level: 'silent' });

/** A rule no other test (or earlier run, on a shared Redis) has counted on. */
const rule = (max: number, windowMs = 60_000): RateLimitRule => ({
  name: `test-${Math.random().toString(36).slice(2)}`,
  max,
  windowMs,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ['memory', async () => createMemoryRateLimiter()],
  ['redis', () => createRedisRateLimiter(TEST_REDIS_URL, logger)],
])('the %s rate limiter', (_kind, open) => {
  const opened: RateLimiter[] = [];
  const openLimiter = async () => {
    const limiter = await open();
    opened.push(limiter);
    return limiter;
  };

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((limiter) => limiter.close()));
  });

  it('allows max attempts, then refuses until the window ends', async () => {
    const limiter = await openLimiter();
    const r = rule(3, 10_000);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.consume(r, 'ann@example.com'));
    expect(results.slice(0, 3).map((x) => [x.isAllowed, x.remaining, x.retryAfterMs])).toEqual([
      [true, 2, 0],
      [true, 1, 0],
      [true, 0, 0],
    ]);
    const refused = results[3];
    expect(refused?.isAllowed).toBe(false);
    expect(refused?.remaining).toBe(0);
    expect(refused?.retryAfterMs).toBeGreaterThan(9_000);
    expect(refused?.retryAfterMs).toBeLessThanOrEqual(10_000);
  });

  it('starts a fresh window once the old one has passed', async () => {
    const limiter = await openLimiter();
    const r = rule(2, 300);
    await limiter.consume(r, 'k');
    await limiter.consume(r, 'k');
    const refused = await limiter.consume(r, 'k');
    expect(refused.isAllowed).toBe(false);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(300);
    await sleep(refused.retryAfterMs + 50);
    expect(await limiter.consume(r, 'k')).toEqual({ isAllowed: true, remaining: 1, retryAfterMs: 0 });
  });

  it('counts keys, and rules, apart', async () => {
    const limiter = await openLimiter();
    const [a, b] = [rule(1), rule(1)];
    expect((await limiter.consume(a, 'one')).isAllowed).toBe(true);
    expect((await limiter.consume(a, 'one')).isAllowed).toBe(false);
    expect((await limiter.consume(a, 'two')).isAllowed).toBe(true);
    expect((await limiter.consume(b, 'one')).isAllowed).toBe(true);
  });

  it('forgets a key on reset', async () => {
    const limiter = await openLimiter();
    const r = rule(1);
    await limiter.consume(r, 'k');
    expect((await limiter.consume(r, 'k')).isAllowed).toBe(false);
    await limiter.reset(r, 'k');
    expect(await limiter.consume(r, 'k')).toEqual({ isAllowed: true, remaining: 0, retryAfterMs: 0 });
  });

  it('allows exactly max of many concurrent attempts', async () => {
    const limiter = await openLimiter();
    const r = rule(10);
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.consume(r, 'k')));
    expect(results.filter((x) => x.isAllowed)).toHaveLength(10);
  });

  it('keeps a very long key apart from others without storing it whole', async () => {
    const limiter = await openLimiter();
    const r = rule(1);
    const long = 'x'.repeat(10_000);
    expect((await limiter.consume(r, long)).isAllowed).toBe(true);
    expect((await limiter.consume(r, long)).isAllowed).toBe(false);
    expect((await limiter.consume(r, `${long}y`)).isAllowed).toBe(true);
  });

  it('enforce() refuses with a RATE_LIMITED AppError that says when to retry', async () => {
    const limiter = await openLimiter();
    const r = rule(1, 5_000);
    await expect(enforce(limiter, r, 'k')).resolves.toBeUndefined();
    const error = await enforce(limiter, r, 'k', 'Too many codes, wait a minute').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      message: 'Too many codes, wait a minute',
      retryAfterS: 5,
    });
    await expect(enforce(limiter, r, 'k')).rejects.toThrow('Too many attempts, please try again later');
  });
});

describe('the memory rate limiter', () => {
  it('holds at most keysMax counters, dropping expired ones first', async () => {
    const limiter = createMemoryRateLimiter({ keysMax: 100 });
    const short = rule(1, 50);
    const long = rule(1);
    for (let i = 0; i < 60; i++) await limiter.consume(short, `s${i}`);
    for (let i = 0; i < 40; i++) await limiter.consume(long, `l${i}`);
    await sleep(80);
    // Full: the 60 expired counters make room, and every live one is kept.
    for (let i = 40; i < 90; i++) await limiter.consume(long, `l${i}`);
    for (let i = 0; i < 90; i++)
      expect((await limiter.consume(long, `l${i}`)).isAllowed, `l${i}`).toBe(false);
    await limiter.close();
  });

  it('drops the oldest live counters when a flood of keys fills it', async () => {
    const limiter = createMemoryRateLimiter({ keysMax: 100 });
    const r = rule(1);
    for (let i = 0; i < 1_000; i++) await limiter.consume(r, `k${i}`);
    // The newest keys are still counted; the first ones were forgotten to bound memory.
    expect((await limiter.consume(r, 'k999')).isAllowed).toBe(false);
    expect((await limiter.consume(r, 'k0')).isAllowed).toBe(true);
    await limiter.close();
  });
});

describe('the Redis rate limiter', () => {
  it('fails with a clear error naming REDIS_URL when Redis does not answer', async () => {
    await expect(createRedisRateLimiter('redis://127.0.0.1:1', logger)).rejects.toThrowError(
      /^REDIS_URL: cannot connect to Redis/,
    );
  });

  it('refuses with 503 UNAVAILABLE when Redis goes away, rather than letting every attempt through', async () => {
    const limiter = await createRedisRateLimiter(TEST_REDIS_URL, logger);
    await limiter.close();
    await expect(limiter.consume(rule(5), 'k')).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });
  });

  it('shares counters between processes', async () => {
    const [first, second] = [
      await createRedisRateLimiter(TEST_REDIS_URL, logger),
      await createRedisRateLimiter(TEST_REDIS_URL, logger),
    ];
    try {
      const r = rule(2);
      await first.consume(r, 'k');
      await second.consume(r, 'k');
      expect((await first.consume(r, 'k')).isAllowed).toBe(false);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('openRateLimiter', () => {
  it('opens the memory limiter without REDIS_URL', async () => {
    const limiter = await openRateLimiter(undefined, logger);
    const r = rule(1);
    await limiter.consume(r, 'k');
    expect((await limiter.consume(r, 'k')).isAllowed).toBe(false);
    await limiter.close();
  });
});

describe('a rate-limited route', () => {
  const limiter = createMemoryRateLimiter();
  const r = rule(1, 30_000);
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      extend(app) {
        app.post('/test/limited', { config: { access: 'public' } }, async (request) => {
          await enforce(limiter, r, request.ip);
          return { message: 'OK', data: null };
        });
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    await limiter.close();
  });

  it('answers 429 RATE_LIMITED with the error body and a Retry-After in whole seconds', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/test/limited' });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({ method: 'POST', url: '/test/limited' });
    expect(second.statusCode).toBe(429);
    expect(z.strictObject(ZErrorBody.shape).parse(second.json())).toEqual({
      message: 'Too many attempts, please try again later',
      code: 'RATE_LIMITED',
    });
    expect(second.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(30);
  });
});
