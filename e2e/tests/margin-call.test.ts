import { beforeAll, describe, expect, it } from 'vitest';
import { inEachVariant, screenshot } from '../support/browser';
import { callApi, groupUserByApi, openActivePositionByApi } from '../support/factories';
import { useAdminAndCustomer, useJourneyEnvironment } from '../support/journey';

// Account risk on screen: an administrator puts a trader in a cross-margin group whose margin-call
// level (1000 %) lies above the account's level and whose stop-out (100 %) below it; the Trade and
// Portfolio tabs show the margin level in the margin-call colour and the banner that says what
// happens at stop-out and how to avoid it, and a new order is refused with the margin-call reason.

const env = useJourneyEnvironment({}, { adminPrefix: 'admin' });

describe('a margin call on screen', () => {
  const seeded = useAdminAndCustomer(env, { firstName: 'Mara', lastName: 'Margin' });

  beforeAll(async () => {
    await groupUserByApi(env.server, seeded.adminToken, seeded.customerId, {
      name: 'Tight cross',
      marginMode: 'cross',
      marginCallLevel: 1000,
      stopOutLevel: 100,
    });
    // $50,000 at 10× on the $10,000 demo: margin 5,000, a level near 200 %.
    await openActivePositionByApi(env.server, seeded.customer.token, {
      account: 'demo',
      amount: '50000',
      leverage: 10,
    });
  });

  it('shows the margin level in the margin-call colour and the banner on Trade and Portfolio', async () => {
    const page = await env.openPage({ token: seeded.customer.token });
    await page.goto('/dashboard/trade');
    const bar = page.getByTestId('margin-bar');
    await expect.poll(() => bar.getAttribute('data-zone'), { timeout: 15_000 }).toBe('call');
    expect(await page.getByTestId('margin-level').textContent()).toMatch(/^\d{3}\.\d{2} %$/);
    expect(await bar.textContent()).toContain('Margin call at 1000 %, stop-out at 100 %');
    const banner = page.getByTestId('margin-call-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(
      'At 100 % your positions are closed, the largest loss first',
    );
    await page.getByRole('link', { name: 'Add funds' }).waitFor();

    // A new order would only add margin: refused, with the reason.
    const { data: refused } = await callApi<{ status: string; reason: string }>(
      env.server,
      'POST',
      '/orders',
      {
        token: seeded.customer.token,
        body: {
          account: 'demo',
          symbol: 'BTC_USDT',
          side: 'buy',
          type: 'market',
          amount: '100',
          leverage: 10,
        },
      },
    );
    expect(refused).toMatchObject({ status: 'rvt', reason: 'margin_call' });

    await page.goto('/dashboard/portfolio');
    await expect.poll(() => page.getByTestId('margin-bar').getAttribute('data-zone')).toBe('call');
    await page.getByTestId('margin-call-banner').waitFor();
  });

  it('shows the groups, their levels and the user’s group in the back-office', async () => {
    const page = await env.openPage({ token: seeded.adminToken });
    await page.goto('/admin/groups');
    const row = page.locator('tr', { hasText: 'Tight cross' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Cross margin');
    await page.locator('tr', { hasText: 'Standard' }).getByText('Default', { exact: true }).waitFor();
    await page.getByText('No write-offs', { exact: false }).waitFor();
    // The groups drawn in every variant (the page resized, its theme switched), without a reload.
    await inEachVariant(page, async ({ theme, size }) => {
      await screenshot(page, `admin-groups-${size}-${theme}`);
    });
    await page.goto(`/admin/users/${seeded.customerId}`);
    const card = page.getByTestId('user-group');
    await card.getByText('Tight cross · Cross margin · 1000 % / 100 %').waitFor();
  });

  it('captures the bar and the banner at 375 and 1440 px in both themes', async () => {
    // Each screen is loaded once and drawn in every variant.
    const page = await env.openPage({ token: seeded.customer.token });
    for (const screen of ['trade', 'portfolio'] as const) {
      await page.goto(`/dashboard/${screen}`);
      await page.getByTestId('margin-call-banner').waitFor();
      await inEachVariant(page, async ({ theme, size }) => {
        await screenshot(page, `margin-call-${screen}-${size}-${theme}`);
      });
    }
  });
});
