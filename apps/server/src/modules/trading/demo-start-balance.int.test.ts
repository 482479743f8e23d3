import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { groupedUsd } from './orders.routes';

describe("the demo book's start balance", () => {
  const desk = useTradingDesk();

  it('is 10,000 USD until an administrator changes it, then grants and resets to the new amount', async () => {
    const early = await desk.newUser();
    expect((await desk.portfolio(early)).balance).toBe('10000.00');

    const admin = await desk.newAdmin();
    const changed = await desk.call(admin, 'PUT', '/admin/settings/trading', { demoStartBalance: '2500.50' });
    expect(changed.statusCode).toBe(200);

    // A demo book opened after the change starts with the new amount.
    const late = await desk.newUser();
    expect((await desk.portfolio(late)).balance).toBe('2500.50');

    // An older one goes to the new amount at its next reset, whatever it held.
    await desk.setQuote('BTC_USDT', 7_000_000, 7_001_000);
    expect(
      (await desk.order(early, { side: 'buy', type: 'market', amount: '1000', leverage: 10 })).statusCode,
    ).toBe(201);
    const reset = await desk.call(early, 'POST', '/portfolio/demo/reset');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({
      message: 'Demo account reset to 2,500.50 USD',
      data: { balance: '2500.50' },
    });
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('writes amounts in messages with thousands grouped', () => {
    expect(groupedUsd(1_000_000n)).toBe('10,000');
    expect(groupedUsd(123_456n)).toBe('1,234.56');
    expect(groupedUsd(99n)).toBe('0.99');
    expect(groupedUsd(100_000_000_000n)).toBe('1,000,000,000');
  });
});
