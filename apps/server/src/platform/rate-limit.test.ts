import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { type RateLimiter, withLocalFallback } from './rate-limit';

const rule = { name: 'budget', max: 2, windowMs: 60_000 };

/** A shared limiter that cannot count, as a Redis limiter whose Redis is away answers. */
const unavailable: RateLimiter = {
  consume: () => Promise.reject(new AppError('UNAVAILABLE', 'busy')),
  reset: () => Promise.reject(new AppError('UNAVAILABLE', 'busy')),
  close: () => Promise.resolve(),
};

describe('a flood budget without its shared counters', () => {
  it('counts in this process instead of refusing everyone', async () => {
    const limiter = withLocalFallback(unavailable);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await limiter.consume(rule, 'user')).isAllowed);
    expect(answers).toEqual([true, true, false]);
    expect((await limiter.consume(rule, 'another user')).isAllowed).toBe(true);
    await limiter.reset(rule, 'user');
    expect((await limiter.consume(rule, 'user')).isAllowed).toBe(true);
  });

  it('passes on any other failure of the shared limiter', async () => {
    const broken: RateLimiter = { ...unavailable, consume: () => Promise.reject(new Error('bug')) };
    await expect(withLocalFallback(broken).consume(rule, 'user')).rejects.toThrow('bug');
  });
});
