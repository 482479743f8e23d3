import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { inEachVariant, screenshot } from '../support/browser';
import { callApi, createUser, openActivePositionByApi, verifyIdentityByApi } from '../support/factories';
import { expectTitle, settled, useJourneyEnvironment } from '../support/journey';

// The dealing desk's Risk screen: Real positions per pair with the limit's use, live through the
// staff stream as new positions open; Demo apart; an order refused at the exposure limit alerts
// the dealer on the screen. Captured at 375 and 1440 px in both themes, and checked with axe.

const env = useJourneyEnvironment({}, { adminPrefix: 'admin', isPostgres: true });

describe('the Risk screen', () => {
  let adminToken: string;
  let traderToken: string;

  const btcRow = (page: Page) =>
    page.locator('tr', { has: page.getByRole('cell', { name: 'BTC/USDT' }) }).first();

  beforeAll(async () => {
    adminToken = await env.signInAdmin();
    const trader = await createUser(env, { firstName: 'Rita', lastName: 'Real' });
    traderToken = trader.token;
    await env.database.fundReal(trader.email, 1_000_000n);
    await verifyIdentityByApi(env.server, traderToken, { level: 2, adminToken });
    await openActivePositionByApi(env.server, traderToken, { account: 'real', amount: '1000', leverage: 10 });
    const demoTrader = await createUser(env, { firstName: 'Dan', lastName: 'Demo' });
    await openActivePositionByApi(env.server, demoTrader.token, {
      account: 'demo',
      amount: '700',
      leverage: 10,
    });
    await callApi(env.server, 'PUT', '/admin/pairs/BTC_USDT', {
      body: { maxNetExposure: '5000' },
      token: adminToken,
    });
  });

  it('shows the Real book live, Demo apart, and alerts at the exposure limit', async () => {
    const page = await env.openPage({ token: adminToken });
    await page.goto('/admin/risk');
    await expectTitle(page, 'Risk and exposure');
    await page.getByText('Live', { exact: true }).waitFor();
    const row = btcRow(page);
    await row.locator('td[data-label="Positions"]').getByText('1', { exact: true }).waitFor();
    // The limit and how much of it the net uses.
    expect(await row.locator('td[data-label="Limit"]').textContent()).toMatch(/^5,000\.00 · 2\d%$/);
    await page.getByRole('link', { name: /@/ }).first().waitFor();

    // A second Real position reaches the screen through the staff stream, without a reload.
    await openActivePositionByApi(env.server, traderToken, { account: 'real', amount: '500', leverage: 10 });
    await row
      .locator('td[data-label="Positions"]')
      .getByText('2', { exact: true })
      .waitFor({ timeout: 15_000 });

    // An order past the limit is refused, and the dealer sees it at once.
    const refused = await callApi<{ status: string; reason: string }>(env.server, 'POST', '/orders', {
      body: {
        account: 'real',
        symbol: 'BTC_USDT',
        side: 'buy',
        type: 'market',
        amount: '4000',
        leverage: 10,
      },
      token: traderToken,
    });
    expect(refused.data).toMatchObject({ status: 'rvt', reason: 'exposure_limit' });
    await page.locator('[role="status"]', { hasText: 'was refused at the exposure limit' }).first().waitFor();

    await page
      .getByRole('tab', { name: 'Demo' })
      .or(page.getByRole('button', { name: 'Demo' }))
      .first()
      .click();
    await btcRow(page).locator('td[data-label="Positions"]').getByText('1', { exact: true }).waitFor();
    expect(await btcRow(page).locator('td[data-label="Net, USD"]').textContent()).toMatch(/^\d/);

    // The pairs screen shows the limit in its field.
    await page.goto('/admin/pairs');
    await settled(page, 'table');
    await page.getByLabel('Search pairs').fill('BTC/USDT');
    await expect.poll(() => page.getByLabel('Max net, USD').first().inputValue()).toBe('5000.00');
  });

  it('reads well at 375 and 1440 px in both themes, with no axe violations', async () => {
    // Loaded once and drawn in every variant (the page resized, its theme switched): the chart fits
    // the whole day to each new width.
    const page = await env.openScreen(adminToken, '/admin/risk', 'Risk and exposure');
    await settled(page, 'table');
    await page.getByTestId('exposure-chart').waitFor();
    await inEachVariant(page, async ({ theme, size }) => {
      await screenshot(page, `admin-risk-${size}-${theme}`, { fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
