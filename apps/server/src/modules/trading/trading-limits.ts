import type { RateLimitRule } from '../../platform/rate-limit';

/**
 * Named limits on trading. Every route that places, closes, changes or cancels an order counts
 * against one budget per user, whether the request carries a session or an API key: 20 requests a
 * second on average, in bursts of up to 40. No person trading by hand comes near it; a script
 * hammering the book (thousands of tiny partial closes) is turned away with a 429.
 */
export const TRADING_LIMITS = {
  requestsPerUser: { name: 'trading-user', max: 40, windowMs: 2_000 },
} satisfies Record<string, RateLimitRule>;

export const TRADING_LIMIT_MESSAGE = 'Too many trading requests; please slow down';
