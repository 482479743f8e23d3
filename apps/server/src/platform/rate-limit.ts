import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { AppError } from './errors';
import type { Logger } from './logger';

/** At most `max` attempts per key in each fixed window of `windowMs`. `name` keeps rules' counters apart. */
export interface RateLimitRule {
  name: string;
  max: number;
  windowMs: number;
}

export interface RateLimitResult {
  isAllowed: boolean;
  /** Attempts left in this window after this one. */
  remaining: number;
  /** Until the window ends, when refused; 0 when allowed. */
  retryAfterMs: number;
}

/**
 * Fixed-window counters: cheap, and what guessing a 6-digit code or a password needs. In memory for
 * one process; in Redis when several processes must share the count.
 */
export interface RateLimiter {
  consume(rule: RateLimitRule, key: string): Promise<RateLimitResult>;
  reset(rule: RateLimitRule, key: string): Promise<void>;
  close(): Promise<void>;
}

// Keys carry client input (an e-mail address, an IP); a long one is hashed so it costs what a short one does.
const KEY_LENGTH_MAX = 128;
const REDIS_KEY_PREFIX = 'td:rl:';
const REDIS_CONNECT_TIMEOUT_MS = 5_000;
// A limiter sits in front of sign-in: a stalled Redis must fail the request soon, not hang it.
const REDIS_COMMAND_TIMEOUT_MS = 2_000;
/** The memory limiter's bound: past it, expired counters go first, then the oldest ones. */
export const MEMORY_KEYS_MAX = 100_000;
// After evicting, keep this share of the bound free, so the next full sweep is many inserts away.
const MEMORY_EVICT_HEADROOM = 0.1;

function counterKey(rule: RateLimitRule, key: string): string {
  const safeKey =
    key.length > KEY_LENGTH_MAX ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
  return `${rule.name}:${safeKey}`;
}

function result(rule: RateLimitRule, count: number, windowLeftMs: number): RateLimitResult {
  const isAllowed = count <= rule.max;
  return {
    isAllowed,
    remaining: Math.max(0, rule.max - count),
    retryAfterMs: isAllowed ? 0 : Math.max(1, windowLeftMs),
  };
}

/** Counters of this process. Bounded by `keysMax`, so a flood of distinct keys cannot exhaust memory. */
export function createMemoryRateLimiter(options: { keysMax?: number } = {}): RateLimiter {
  const keysMax = options.keysMax ?? MEMORY_KEYS_MAX;
  // Insertion order is window-start order (a new window deletes and re-adds its key), so the first
  // entries are the oldest.
  const counters = new Map<string, { count: number; resetAtMs: number }>();

  function makeRoom(nowMs: number): void {
    for (const [key, counter] of counters) if (counter.resetAtMs <= nowMs) counters.delete(key);
    // Every counter still live: dropping the oldest forgets some attempts, the lesser harm than
    // unbounded memory. Redis is the limiter for deployments that must never forget.
    const target = Math.floor(keysMax * (1 - MEMORY_EVICT_HEADROOM));
    for (const key of counters.keys()) {
      if (counters.size <= target) break;
      counters.delete(key);
    }
  }

  return {
    async consume(rule, key) {
      const id = counterKey(rule, key);
      const nowMs = Date.now();
      const counter = counters.get(id);
      if (counter && counter.resetAtMs > nowMs) {
        counter.count += 1;
        return result(rule, counter.count, counter.resetAtMs - nowMs);
      }
      counters.delete(id);
      if (counters.size >= keysMax) makeRoom(nowMs);
      counters.set(id, { count: 1, resetAtMs: nowMs + rule.windowMs });
      return result(rule, 1, rule.windowMs);
    },
    async reset(rule, key) {
      counters.delete(counterKey(rule, key));
    },
    async close() {
      counters.clear();
    },
  };
}

// One round trip, atomic: the first hit of a window starts its expiry. The PTTL guard repairs a key
// left without one (set by hand, or by an older version), which would otherwise lock a user out forever.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

/** Counters shared by every process on one Redis. Connects before it returns. */
export async function createRedisRateLimiter(url: string, logger: Logger): Promise<RateLimiter> {
  const redis = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 2,
    lazyConnect: true,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', (error) => logger.warn({ err: error }, 'rate limiter: redis connection error'));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot connect to Redis (${(error as Error).message})`);
  }

  /**
   * Without its counters the limiter cannot tell an attacker from a user. It refuses (fails closed)
   * with a 503 rather than waving every attempt through, and says why in the log.
   */
  async function guarded<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      logger.error({ err: error, operation }, 'rate limiter: redis command failed');
      throw new AppError('UNAVAILABLE', 'The service is busy, please try again in a moment');
    }
  }

  return {
    consume(rule, key) {
      return guarded('consume', async () => {
        const reply = (await redis.eval(
          CONSUME_SCRIPT,
          1,
          REDIS_KEY_PREFIX + counterKey(rule, key),
          rule.windowMs,
        )) as [number, number];
        return result(rule, reply[0], reply[1]);
      });
    },
    reset(rule, key) {
      return guarded('reset', async () => {
        await redis.del(REDIS_KEY_PREFIX + counterKey(rule, key));
      });
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

const isUnavailable = (error: unknown) => error instanceof AppError && error.code === 'UNAVAILABLE';

/**
 * A limiter for budgets against floods (not against guessing a secret): when `shared` cannot count
 * (Redis away), this process counts instead, so a flood is still turned away and everyone else
 * goes on, where the shared limiter alone would refuse every request. Limits that guard a secret
 * use the shared limiter itself, which fails closed.
 */
export function withLocalFallback(shared: RateLimiter): RateLimiter {
  const local = createMemoryRateLimiter();
  return {
    async consume(rule, key) {
      try {
        return await shared.consume(rule, key);
      } catch (error) {
        if (!isUnavailable(error)) throw error;
        return local.consume(rule, key);
      }
    },
    async reset(rule, key) {
      await local.reset(rule, key);
      try {
        await shared.reset(rule, key);
      } catch (error) {
        if (!isUnavailable(error)) throw error;
      }
    },
    // The shared limiter belongs to whoever opened it, and is closed there.
    close: () => local.close(),
  };
}

/** Redis when REDIS_URL is set (limits shared by every process), else this process's memory. */
export function openRateLimiter(redisUrl: string | undefined, logger: Logger): Promise<RateLimiter> {
  return redisUrl ? createRedisRateLimiter(redisUrl, logger) : Promise.resolve(createMemoryRateLimiter());
}

/** Counts one attempt; over the limit, refuses it with a 429 that tells the client when to retry. */
export async function enforce(
  limiter: RateLimiter,
  rule: RateLimitRule,
  key: string,
  message = 'Too many attempts, please try again later',
): Promise<void> {
  const { isAllowed, retryAfterMs } = await limiter.consume(rule, key);
  if (!isAllowed) {
    throw new AppError('RATE_LIMITED', message, undefined, { retryAfterS: Math.ceil(retryAfterMs / 1000) });
  }
}
