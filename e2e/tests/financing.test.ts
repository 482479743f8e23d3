import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, inEachVariant, screenshot } from '../support/browser';
import { callApi, createUser, openPositionByApi, type TCreatedUser } from '../support/factories';
import { expectToast, useJourneyEnvironment, waitForLiveChart } from '../support/journey';

// Financing and specifications in the app: a pair's specification from the Market and Trade
// screens, the swaps of open positions, one-click trading behind its risk notice, and the trading
// statistics on Portfolio; each screen captured at a phone's and a desktop's width in both themes.

const env = useJourneyEnvironment({}, { isPostgres: true });
let user: TCreatedUser;

beforeAll(async () => {
  user = await createUser(env, { firstName: 'Fina', lastName: 'Swap' });
  // Two closed trades and one open position, so the statistics and the swap column have rows; the
  // position is aged three days and the server's swap job charges the rollovers it was open through.
  for (let i = 0; i < 2; i++) {
    const opened = await openPositionByApi(env.server, user.token, {
      account: 'demo',
      amount: '500',
      leverage: 5,
    });
    await callApi(env.server, 'POST', `/orders/${opened.id}/close`, { token: user.token });
  }
  await openPositionByApi(env.server, user.token, { account: 'demo', amount: '1000', leverage: 10 });
  expect(await env.database.chargeSwapsSince(user.email, 3)).toBeGreaterThanOrEqual(2);
});

describe('financing and specifications', () => {
  it('opens a pair’s specification from the Market screen and from the Trade screen', async () => {
    const page = await env.openScreen(user.token, '/dashboard/market', 'Market');
    await page.locator('tr[data-symbol="BTC_USDT"]').getByTestId('pair-spec-open').click();
    const dialog = page.getByTestId('pair-spec');
    await dialog.getByText('BTC/USD specification').waitFor();
    await expect
      .poll(() => dialog.getByTestId('spec-swap-long').locator('dd').textContent())
      .toBe('-10.00 %');
    expect(await dialog.getByTestId('spec-swap-short').locator('dd').textContent()).toBe('-5.00 %');
    expect(await dialog.getByTestId('spec-leverage').locator('dd').textContent()).toBe('20×');
    expect(await dialog.getByTestId('spec-sessions').locator('li').count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const trade = await env.openScreen(user.token, '/dashboard/trade?pair=EUR_USD', 'Trade');
    await trade.getByTestId('trade-spec-open').click();
    const fromTrade = trade.getByTestId('pair-spec');
    await fromTrade.getByText('EUR/USD specification').waitFor();
    await expect.poll(() => fromTrade.getByText('Wednesday').count()).toBe(1);
    await expect.poll(() => fromTrade.getByTestId('spec-sessions').locator('li').count()).toBeGreaterThan(0);
  });

  it('shows the swaps of open positions and places a one-click market order after the risk notice', async () => {
    const page = await env.openScreen(user.token, '/dashboard/trade?pair=BTC_USDT', 'Trade');
    await waitForLiveChart(page);
    const positions = page.getByTestId('positions-table');
    await positions.getByRole('columnheader', { name: 'Swap' }).waitFor();
    // The swap the rollovers charged (a long BTC/USD pays), as the API gives it.
    const { data: held } = await callApi<{ items: Array<{ swap: string }> }>(
      env.server,
      'GET',
      '/orders?account=demo&status=act',
      { token: user.token },
    );
    const charged = held.items[0]?.swap ?? '';
    expect(charged).toMatch(/^-\d+\.\d{2}$/);
    expect(charged).not.toBe('-0.00');
    await expect
      .poll(() => positions.getByTestId('position-swap').first().getAttribute('data-value'))
      .toBe(charged);

    const ticket = page.getByTestId('order-ticket');
    await ticket.getByLabel('Amount (USD)').fill('250');
    await ticket.getByTestId('one-click-switch').dispatchEvent('click');
    const risk = page.getByTestId('one-click-risk');
    await risk.getByText('Turn on one-click trading?').waitFor();
    const turnOn = risk.getByRole('button', { name: 'Turn on' });
    expect(await turnOn.isDisabled()).toBe(true);
    await risk.getByText('I understand the risk').click();
    await turnOn.click();
    await risk.waitFor({ state: 'hidden' });
    await expect.poll(() => ticket.getByTestId('one-click-switch').isChecked()).toBe(true);
    const before = await positions.locator('tbody tr').count();
    await ticket.getByRole('button', { name: 'Sell BTC/USD now at market' }).click();
    await expectToast(page, 'Order opened successfully');
    await expect.poll(() => positions.locator('tbody tr').count()).toBe(before + 1);
    const { data } = await callApi<{ items: Array<{ side: string; amount: string; type: string }> }>(
      env.server,
      'GET',
      '/orders?account=demo&status=act',
      { token: user.token },
    );
    expect(data.items).toContainEqual(
      expect.objectContaining({ side: 'sell', amount: '250.00', type: 'market' }),
    );
    // The preference is the user's, shown on the profile too.
    const profile = await env.openScreen(user.token, '/dashboard/profile', 'Profile');
    await expect
      .poll(() => profile.getByTestId('trading-preferences').getByTestId('one-click-switch').isChecked())
      .toBe(true);
    // Off again at once, without a notice.
    await ticket.getByTestId('one-click-switch').dispatchEvent('click');
    await expect.poll(() => ticket.getByTestId('one-click-switch').isChecked()).toBe(false);
  });

  it('shows the trading statistics on Portfolio', async () => {
    const page = await env.openScreen(user.token, '/dashboard/portfolio', 'Portfolio');
    const stats = page.getByTestId('trading-stats');
    await expect.poll(() => stats.getByTestId('stats-closed').locator('dd').textContent()).toBe('2');
    expect(await stats.getByTestId('stats-best-pair').locator('dd').textContent()).toContain('BTC/USD');
    expect(await stats.getByTestId('stats-swaps').locator('dd').textContent()).toBe('0.00');
  });

  // Each screen is loaded once and drawn in every variant (the page resized, its theme switched).
  // The dialogs are opened in each variant, as they are placed for the width.
  it('captures the specification, the ticket and the statistics at 375 and 1440 px in both themes', {
    timeout: 180_000,
  }, async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/market');
    const specOpen = page.locator('tr[data-symbol="AAPL_USD"]').getByTestId('pair-spec-open');
    await specOpen.waitFor();
    await inEachVariant(page, async ({ theme, size }) => {
      await specOpen.click();
      const dialog = page.getByTestId('pair-spec');
      await dialog.getByTestId('spec-holiday').waitFor();
      await screenshot(page, `pair-spec-${size}-${theme}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    });

    await page.goto('/dashboard/trade?pair=BTC_USDT');
    const toggle = page.getByTestId('order-ticket').getByTestId('one-click-switch');
    await toggle.waitFor({ state: 'attached' });
    await page.getByTestId('positions-table').getByTestId('position-swap').first().waitFor();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `trade-one-click-${size}-${theme}`, { fullPage: true });
      await toggle.dispatchEvent('click');
      const risk = page.getByTestId('one-click-risk');
      await risk.getByText('I understand the risk').waitFor();
      await screenshot(page, `one-click-risk-${size}-${theme}`);
      await page.keyboard.press('Escape');
      await risk.waitFor({ state: 'hidden' });
    });

    await page.goto('/dashboard/portfolio');
    await page.getByTestId('positions-table').getByTestId('position-swap').first().waitFor();
    await expect
      .poll(() => page.getByTestId('stats-closed').locator('dd').textContent(), { timeout: 15_000 })
      .toBe('2');
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `portfolio-stats-${size}-${theme}`, { fullPage: true });
    });
  });
});
