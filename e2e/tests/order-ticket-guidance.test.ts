import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeFindings } from '../support/axe';
import { inEachVariant, screenshot, showVariant, VIEWPORTS } from '../support/browser';
import { callApi, createUser, type TCreatedUser } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment, waitForLiveChart } from '../support/journey';

// What the order ticket says when it will not, or should not, simply send: a pair the broker
// paused (on Trade and on the Market list), a Real account with nothing in it yet, and a large
// order judged by the money it puts at stake rather than by its leveraged size.

const env = useJourneyEnvironment({}, { adminPrefix: 'admin' });

describe('the order ticket’s guidance', () => {
  let user: TCreatedUser;
  beforeAll(async () => {
    user = await createUser(env, { firstName: 'Guida', lastName: 'Ticket' });
  });

  it('says a pair paused by the broker is paused, on Trade and on Market, and takes no order', async () => {
    const adminToken = await env.signInAdmin();
    await callApi(env.server, 'PUT', '/admin/pairs/ETH_USDT', { body: { status: 'dis' }, token: adminToken });
    try {
      // Each screen is loaded once and drawn in every variant (the page resized, its theme switched).
      const page = await env.openPage({ token: user.token });
      await page.goto('/dashboard/trade?pair=ETH_USDT');
      const ticket = page.getByTestId('order-ticket');
      const paused = ticket.getByTestId('pair-paused');
      await paused.waitFor();
      expect(await paused.textContent()).toBe(
        'Trading on ETH/USD is paused by the broker: no new orders are taken. Open positions can still be closed.',
      );
      expect(await ticket.getByText('The market is closed').count()).toBe(0);
      expect(await ticket.getByRole('button', { name: /^Buy ETH/ }).isDisabled()).toBe(true);
      expect(
        await page.locator('section[data-symbol="ETH_USDT"]').getByText('Paused', { exact: true }).count(),
      ).toBe(1);
      await inEachVariant(page, async ({ theme, size }) => {
        expect(await seriousAxeFindings(page, '[data-testid="order-ticket"]')).toEqual([]);
        await screenshot(page, `trade-pair-paused-${size}-${theme}`, { fullPage: true });
      });

      // The Market list says it too: in its Market column, or on a phone (no such column) on the
      // pair's line.
      await page.goto('/dashboard/market');
      await expectTitle(page, 'Market');
      const row = page.locator('tr', { hasText: 'ETH/USD' }).first();
      await inEachVariant(page, async ({ size }) => {
        if (size === '1440') await row.getByText('Paused by the broker').waitFor();
        else
          await expect
            .poll(() => row.locator('[data-closed]').getAttribute('data-closed'))
            .toBe(' · Paused by the broker');
      });
    } finally {
      await callApi(env.server, 'PUT', '/admin/pairs/ETH_USDT', {
        body: { status: 'act' },
        token: adminToken,
      });
    }
  });

  it('tells a Real account with no funds how to fund it, and leads to the Wallet', async () => {
    // Loaded once and drawn in every variant (the page resized, its theme switched).
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/trade?pair=BTC_USDT');
    await page.getByRole('radio', { name: 'Real' }).check();
    const ticket = page.getByTestId('order-ticket');
    const fund = ticket.getByTestId('fund-real');
    await fund.waitFor();
    expect(await fund.textContent()).toBe(
      'Your Real account has no funds yet: deposit crypto in Wallet to trade it.',
    );
    expect(await ticket.getByTestId('amount-max').count()).toBe(0);
    // By keyboard: the link to the Wallet is a tab stop of the ticket (a plain link, not taken out).
    expect(await fund.getByRole('link').getAttribute('tabindex')).toBeNull();
    expect(await fund.getByRole('link').getAttribute('href')).toBe('/dashboard/wallet');
    await inEachVariant(page, async ({ theme, size }) => {
      expect(await seriousAxeFindings(page, '[data-testid="order-ticket"]')).toEqual([]);
      await screenshot(page, `trade-real-unfunded-${size}-${theme}`, { fullPage: true });
    });
    // On a phone, a tap on the link opens the Wallet.
    await showVariant(page, { theme: 'dark', viewport: VIEWPORTS.mobile });
    await fund.getByRole('link', { name: 'deposit crypto in Wallet' }).click();
    await expectTitle(page, 'Wallet');
  });

  it('sends a leveraged order at once when what it puts at stake is small beside the free margin', async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/trade?pair=BTC_USDT');
    await waitForLiveChart(page);
    const ticket = page.getByTestId('order-ticket');
    // 20,000 USD at 20× puts about 1,010 USD at stake: not half of the 10,000 free.
    await ticket.getByLabel('Leverage (number)').fill('20');
    await ticket.getByLabel('Amount (USD)').fill('20000');
    await expect
      .poll(() => ticket.getByTestId('preview-at-stake').textContent())
      .toMatch(/^At stake 1,0\d\d\.\d\d USD$/);
    await ticket.getByRole('button', { name: /^Buy BTC\/USD/ }).click();
    await expectToast(page, 'Order opened successfully');
    expect(await page.getByTestId('confirm-large-order').isVisible()).toBe(false);
  });
});
