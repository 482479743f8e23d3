import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, type TestUser } from '../../testing/accounts';
import { type SigningKey, signedRequest } from '../../testing/api-keys';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { TRADING_LIMIT_MESSAGE } from './trading-limits';

const ORDER_ID = '00000000-0000-4000-8000-000000000001';
/** Every trading route, as a request that costs the server nothing (no such order, or refused). */
const TRADING_CALLS: Array<['POST' | 'PUT' | 'DELETE', string, object | undefined]> = [
  [
    'POST',
    '/orders',
    { account: 'demo', symbol: 'NOPE_USDT', side: 'buy', type: 'market', amount: '10', leverage: 1 },
  ],
  ['POST', `/orders/${ORDER_ID}/partial-close`, { amount: '10' }],
  ['POST', `/orders/${ORDER_ID}/close`, undefined],
  ['POST', `/orders/${ORDER_ID}/margin`, { amount: '10' }],
  ['PUT', `/orders/${ORDER_ID}`, { takeProfit: null }],
  ['DELETE', `/orders/${ORDER_ID}`, undefined],
];

describe('the trading budget per user', () => {
  describe('as set for a test (6 requests a minute)', () => {
    const desk = useTradingDesk({ tradingLimit: { name: 'trading-user', max: 6, windowMs: 60_000 } });

    it('counts every trading route and answers 429 with the error envelope past it', async () => {
      const user = await desk.newUser();
      for (const [method, url, body] of TRADING_CALLS) {
        const answer = await desk.call(user, method, url, body);
        expect(answer.statusCode, `${method} ${url}`).not.toBe(429);
      }
      for (const [method, url, body] of TRADING_CALLS) {
        const refused = await desk.call(user, method, url, body);
        expect(refused.statusCode, `${method} ${url}`).toBe(429);
        expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: TRADING_LIMIT_MESSAGE });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Reading is not trading; another user has a budget of their own.
      expect((await desk.call(user, 'GET', '/orders')).statusCode).toBe(200);
      const other = await desk.newUser();
      expect((await desk.call(other, 'POST', `/orders/${ORDER_ID}/close`)).statusCode).toBe(404);
    });

    it('counts requests signed with an API key in the same budget as the session', async () => {
      const user: TestUser = await desk.newUser();
      const created = await desk.call(user, 'POST', '/profile/api-keys', {
        label: 'Bot',
        scopes: ['read', 'trade'],
        currentPassword: GOOD_PASSWORD,
      });
      expect(created.statusCode, created.body).toBe(201);
      const key: SigningKey = { keyId: created.json().data.keyId, secret: created.json().data.secret };
      const bySession = () => desk.call(user, 'POST', `/orders/${ORDER_ID}/close`);
      const byKey = () =>
        desk.t.app.inject(signedRequest(key, { method: 'POST', url: `/orders/${ORDER_ID}/close` }));
      for (let request = 0; request < 3; request++) {
        expect((await bySession()).statusCode).toBe(404);
        expect((await byKey()).statusCode).toBe(404);
      }
      expect((await byKey()).statusCode).toBe(429);
      expect((await bySession()).statusCode).toBe(429);
    });
  });

  describe('as the product sets it (20 a second, in bursts of 40)', () => {
    const desk = useTradingDesk();

    it('turns away a burst of 120 trading requests at once', async () => {
      const user = await desk.newUser();
      const answers = await Promise.all(
        Array.from({ length: 120 }, () => desk.call(user, 'POST', `/orders/${ORDER_ID}/close`)),
      );
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes).toContain(404);
      expect(codes).toContain(429);
    });
  });
});
