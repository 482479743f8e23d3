import { describe, expect, it } from 'vitest';
import { useAccounts, useTradingDesk } from '../../testing/use-trading-desk';

const BUY = { symbol: 'BTC_USDT', side: 'buy', type: 'market', amount: '100', leverage: 1 };

describe('quotes older than trading.maxQuoteAgeMs', () => {
  const desk = useTradingDesk();
  const { user, admin } = useAccounts(desk, { user: 'user', admin: 'admin' });

  const setMaxAge = async (maxQuoteAgeMs: unknown) =>
    desk.call(admin, 'PUT', '/admin/settings/trading', { maxQuoteAgeMs });

  it('are not traded on: a market order is refused as delayed, and nothing is stored', async () => {
    // 6 s old against the default of 5 s.
    await desk.setQuote('BTC_USDT', 5_000_000, 5_000_100, 'crp', 2, 6_000);
    const res = await desk.order(user, BUY);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Prices for BTC/USD are delayed');
    const history = (await desk.call(user, 'GET', '/orders?account=demo')).json().data.items;
    expect(history).toEqual([]);
    // The health check and the back-office say the feed is delayed, and by how much.
    const health = (await desk.t.app.inject({ method: 'GET', url: '/health' })).json().data;
    expect(health.feeds).toEqual([
      { feed: 'simulator', pairs: 1, lastMessageAgeMs: expect.any(Number), state: 'delayed' },
    ]);
    expect(health.feeds[0].lastMessageAgeMs).toBeGreaterThanOrEqual(6_000);
  });

  it('take a fresh price at once, and close a position only on one', async () => {
    await desk.setQuote('BTC_USDT', 5_000_000, 5_000_100);
    const placed = await desk.order(user, BUY);
    expect(placed.statusCode, placed.body).toBe(201);
    await desk.setQuote('BTC_USDT', 5_000_000, 5_000_100, 'crp', 2, 6_000);
    const closing = await desk.call(user, 'POST', `/orders/${placed.json().data.id}/close`);
    expect(closing.statusCode).toBe(409);
    expect(closing.json().message).toBe('No live price for this pair right now');
    await desk.setQuote('BTC_USDT', 5_000_000, 5_000_100);
    expect((await desk.call(user, 'POST', `/orders/${placed.json().data.id}/close`)).statusCode).toBe(200);
  });

  it('follow the setting, which has bounds', async () => {
    expect((await setMaxAge(10_000)).statusCode).toBe(200);
    await desk.setQuote('BTC_USDT', 5_000_000, 5_000_100, 'crp', 2, 6_000);
    expect((await desk.order(user, BUY)).statusCode).toBe(201);
    for (const bad of [100, 600_001, 1.5, '5000']) {
      const res = await setMaxAge(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(JSON.stringify(res.json().details)).toContain('maxQuoteAgeMs');
    }
  });
});
