import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTradingDesk } from '../../../testing/use-trading-desk';

describe('scenario: market closed', () => {
  const desk = useTradingDesk();
  beforeAll(async () => {});
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rejects a forex order at the weekend as Rejected, with the reason, moving no money', async () => {
    const user = await desk.newUser();
    // Saturday 12:00 New York time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T17:00:00Z'));
    await desk.setQuote('EUR_USD', 10_850, 10_851, 'forex', 4);
    const response = await desk.order(user, {
      symbol: 'EUR_USD',
      side: 'buy',
      type: 'market',
      amount: '1000',
      leverage: 50,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Order rejected: The market is closed');
    expect(response.json().data).toMatchObject({
      status: 'rvt',
      reason: 'market_closed',
      margin: '0.00',
      fee: '0.00',
    });
    expect((await desk.portfolio(user)).balance).toBe('10000.00');
  });

  it('rejects a stock order outside 09:30–16:00 New York time, and takes it inside', async () => {
    const user = await desk.newUser();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T14:29:00Z')); // Wednesday 09:29 in New York
    await desk.setQuote('AAPL_USD', 19_000, 19_010, 'stocks');
    expect(
      (
        await desk.order(user, {
          symbol: 'AAPL_USD',
          side: 'buy',
          type: 'market',
          amount: '100',
          leverage: 2,
        })
      ).json().data.reason,
    ).toBe('market_closed');
    vi.setSystemTime(new Date('2026-11-18T14:31:00Z')); // 09:31
    await desk.setQuote('AAPL_USD', 19_000, 19_010, 'stocks');
    expect(
      (
        await desk.order(user, {
          symbol: 'AAPL_USD',
          side: 'buy',
          type: 'market',
          amount: '100',
          leverage: 2,
        })
      ).json().data.status,
    ).toBe('act');
  });
});
