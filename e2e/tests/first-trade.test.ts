import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../support/browser';
import { callApi, createUser, type TCreatedUser } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment, waitForLiveChart } from '../support/journey';

// A newcomer's first trade: the welcome on the first Dashboard leads to a demo buy of BTC/USD with
// safe defaults (1×, the position size, what it puts at stake, the maximum it can afford), a large
// order is confirmed first, the position is drawn on the chart, and the welcome has done its work;
// on a phone Sell and Buy stay in reach while the ticket scrolls.

const env = useJourneyEnvironment({}, { isShared: true });

describe("a newcomer's first trade", () => {
  let user: TCreatedUser;

  beforeAll(async () => {
    user = await createUser(env, { firstName: 'Nia', lastName: 'Newcomer' });
  });

  it('is guided from the welcome to a confirmed large demo buy drawn on the chart', async () => {
    const page = await env.openScreen(user.token, '/dashboard/home', 'Dashboard');
    const welcome = page.getByTestId('welcome');
    await welcome.getByText('10,000.00 USD').waitFor();
    await welcome.getByText('Practice money on live prices', { exact: false }).waitFor();
    await welcome.getByText('Your own money', { exact: false }).waitFor();
    await screenshot(page, 'dashboard-welcome-1440-dark');
    await welcome.getByRole('link', { name: 'Place your first demo trade' }).click();
    await expectTitle(page, 'Trade');
    expect(new URL(page.url()).searchParams.get('pair')).toBe('BTC_USDT');
    expect(await page.getByRole('radio', { name: 'Demo' }).isChecked()).toBe(true);
    await waitForLiveChart(page);

    // Safe defaults: 1×, the amount is the position size, and what it puts at stake is beside it.
    const ticket = page.getByTestId('order-ticket');
    expect(await ticket.getByLabel('Leverage (number)').inputValue()).toBe('1');
    await ticket.getByText('Position size', { exact: false }).waitFor();
    await expect
      .poll(() => ticket.getByTestId('preview-at-stake').textContent())
      .toBe('At stake 1,000.50 USD');
    // The maximum is what the free margin pays for at this leverage: 10,000.00 less the fee.
    await expect.poll(() => ticket.getByTestId('amount-max').textContent()).toBe('9,995.00');
    await ticket.getByLabel('Leverage (number)').fill('2');
    await expect.poll(() => ticket.getByTestId('amount-max').textContent()).toBe('19,980.02');
    await ticket.getByLabel('Leverage (number)').fill('1');
    await ticket.getByTestId('amount-max').click();
    expect(await ticket.getByLabel('Amount (USD)').inputValue()).toBe('9995.00');

    // An order that puts more than half of the free margin at stake is confirmed first;
    // cancelling sends nothing.
    await ticket.getByRole('button', { name: /^Buy BTC\/USD/ }).click();
    const confirm = page.getByTestId('confirm-large-order');
    await confirm
      .getByText('puts 10,000.00 USD at stake (margin and fee): more than 50 % of your demo free margin', {
        exact: false,
      })
      .waitFor();
    await screenshot(page, 'trade-confirm-large-order-1440-dark');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(
      (await callApi<{ items: unknown[] }>(env.server, 'GET', '/orders?account=demo', { token: user.token }))
        .data.items,
    ).toEqual([]);
    await ticket.getByRole('button', { name: /^Buy BTC\/USD/ }).click();
    await confirm.getByRole('button', { name: 'Buy 9,995.00 USD' }).click();
    await expectToast(page, 'Order opened successfully');

    // The toast sits clear of the positions it reports.
    const positions = page.getByTestId('positions-table');
    await positions.locator('tbody tr', { hasText: 'BTC/USD' }).waitFor();
    const toastBox = await page
      .locator('[role="status"]', { hasText: 'Order opened successfully' })
      .first()
      .boundingBox();
    const positionsBox = await positions.boundingBox();
    if (!toastBox || !positionsBox) throw new Error('the toast or the positions are not on screen');
    expect(
      toastBox.y + toastBox.height <= positionsBox.y || toastBox.y >= positionsBox.y + positionsBox.height,
    ).toBe(true);

    // The position's entry and liquidation are drawn on the chart.
    await expect
      .poll(() => page.getByTestId('candle-chart').getAttribute('data-price-lines'))
      .toBe('Buy entry,Liq.');
    await screenshot(page, 'trade-first-position-1440-dark');

    // Portfolio draws the curve from that first trade, not from tomorrow.
    await page.getByRole('link', { name: 'Portfolio' }).first().click();
    await expectTitle(page, 'Portfolio');
    await page.getByRole('img', { name: /^Equity curve, \d+ points/ }).waitFor();
    await screenshot(page, 'portfolio-first-day-1440-dark');

    // With a trade made, the welcome has done its work.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expectTitle(page, 'Dashboard');
    await page.getByTestId('candle-chart').waitFor();
    // The orders the Dashboard cached before the trade are read again on the way back.
    await expect.poll(() => page.getByTestId('welcome').count()).toBe(0);
  });

  it('keeps Sell and Buy in reach on a phone', async () => {
    const page = await env.openPage({ token: user.token, viewport: VIEWPORTS.mobile });
    await page.goto('/dashboard/trade?pair=BTC_USDT');
    await waitForLiveChart(page);
    const bar = page.getByTestId('trade-bar');
    await bar.waitFor();
    await screenshot(page, 'trade-bar-375-dark');
    await bar.getByRole('button', { name: /^Sell/ }).click();
    // The ticket comes into view on the sell side with its amount focused, and the bar steps aside.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('inputmode')))
      .toBe('decimal');
    const ticket = page.getByTestId('order-ticket');
    await ticket.getByRole('button', { name: /^Sell BTC\/USD/ }).waitFor();
    await bar.waitFor({ state: 'detached' });
  });
});
