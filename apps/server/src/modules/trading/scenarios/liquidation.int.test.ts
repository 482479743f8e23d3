import { describe, expect, it } from 'vitest';
import { useTradingDesk } from '../../../testing/use-trading-desk';

describe('scenario: liquidation', () => {
  const desk = useTradingDesk();

  it('closes at equity of 20 % of the margin, and a gap never costs more than the margin', async () => {
    const user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    const order = (
      await desk.order(user, { side: 'buy', type: 'market', amount: '1000', leverage: 20 })
    ).json().data;
    // Margin $50: liquidation at a loss of $40 = 4 % below 50,000.
    expect(order).toMatchObject({ margin: '50.00', fee: '0.50', liquidationPrice: '48000.00' });
    await desk.setQuote('BTC_USDT', 4_800_100, 4_801_000);
    expect((await desk.call(user, 'GET', '/orders?status=act')).json().data.total).toBe(1);
    await desk.setQuote('BTC_USDT', 4_800_000, 4_801_000);
    const [closed] = (await desk.call(user, 'GET', '/orders')).json().data.items;
    expect(closed).toMatchObject({
      status: 'exc',
      reason: 'liquidation',
      closePrice: '48000.00',
      pnl: '-40.00',
    });
    expect((await desk.portfolio(user)).balance).toBe('9959.50');

    // A second position caught by a gap far below its liquidation price loses its margin, no more.
    const gapped = (
      await desk.order(user, { side: 'buy', type: 'market', amount: '1000', leverage: 20 })
    ).json().data;
    expect(gapped.price).toBe('48010.00');
    await desk.setQuote('BTC_USDT', 3_000_000, 3_001_000);
    const latest = (await desk.call(user, 'GET', '/orders')).json().data.items[0];
    expect(latest).toMatchObject({ id: gapped.id, status: 'exc', reason: 'liquidation', pnl: '-50.00' });
    expect((await desk.portfolio(user)).balance).toBe('9909.00');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });
});
