import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../support/browser';
import { createUser, type TCreatedUser } from '../support/factories';
import { useJourneyEnvironment } from '../support/journey';

// A deployment for real money on the built-in simulator: no pair has live prices, so the Real
// account may trade none of them, and the Trade tab says so before an order is tried.
const env = useJourneyEnvironment({ REAL_TRADING_ON_SIMULATED_PRICES: 'false' });

describe('Real trading on simulated prices', () => {
  let user: TCreatedUser;
  beforeAll(async () => {
    user = await createUser(env);
  });

  it('marks the pair Demo only on the Real account and keeps the ticket shut, but not on Demo', async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/trade?pair=BTC_USDT');
    const ticket = page.getByTestId('order-ticket');
    const buy = ticket.getByRole('button', { name: /^Buy BTC/ });
    await buy.waitFor();
    expect(await buy.isEnabled()).toBe(true);
    expect(await page.getByText('Demo only').count()).toBe(0);

    await page.getByRole('radio', { name: 'Real' }).check();
    await page.getByText('Demo only').waitFor();
    expect(await ticket.getByTestId('demo-only').textContent()).toBe(
      "Real trading on BTC/USD needs live prices, and this pair's prices are simulated. Practise it on your Demo account.",
    );
    expect(await buy.isDisabled()).toBe(true);

    await page.getByRole('radio', { name: 'Demo' }).check();
    await expect.poll(() => buy.isEnabled()).toBe(true);
    expect(await page.getByText('Demo only').count()).toBe(0);
  });

  it('captures the shut ticket on a phone in the dark theme', async () => {
    const page = await env.openPage({ token: user.token, viewport: VIEWPORTS.mobile, theme: 'dark' });
    await page.goto('/dashboard/trade?pair=EUR_USD');
    await page.getByRole('radio', { name: 'Real' }).check();
    await page.getByTestId('demo-only').waitFor();
    await screenshot(page, 'trade-demo-only-375-dark', { fullPage: true });
  });
});
