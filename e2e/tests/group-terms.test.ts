import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inEachVariant, screenshot } from '../support/browser';
import { callApi, createUser, groupUserByApi, type TCreatedUser, userIdByApi } from '../support/factories';
import { useJourneyEnvironment, waitForLiveChart } from '../support/journey';

// A client group's trading terms on screen: an administrator puts a trader in a group that adds
// 100 % to crypto spreads and allows at most 5× on crypto; the order ticket then shows the wider
// bid and ask and offers leverage up to 5×, and the pair's specification says the same.

const env = useJourneyEnvironment({}, { adminPrefix: 'admin' });

/** A price as the ticket shows it ("50,010.00"), as a number. */
const priceIn = async (button: Locator) =>
  Number(((await button.locator('span').last().textContent()) ?? '').replaceAll(',', ''));

describe("a client group's terms on the Trade screen", () => {
  let user: TCreatedUser;

  beforeAll(async () => {
    const adminToken = await env.signInAdmin();
    user = await createUser(env, { firstName: 'Wanda', lastName: 'Wide' });
    await groupUserByApi(env.server, adminToken, await userIdByApi(env.server, user.token), {
      name: 'Wide spread',
      spreadMarkup: { crypto: '100' },
      maxLeverage: { crypto: 5 },
    });
  });

  it('shows the marked-up bid and ask and offers leverage up to the group’s cap', async () => {
    const page = await env.openScreen(user.token, '/dashboard/trade?pair=BTC_USDT', 'Trade');
    await waitForLiveChart(page);
    const ticket = page.getByTestId('order-ticket');
    const sides = ticket.locator('fieldset button');
    await expect.poll(() => priceIn(sides.first())).toBeGreaterThan(0);

    // The ticket's spread is twice the market's (100 % added), read from the same price.
    await expect
      .poll(async () => {
        const { data: prices } = await callApi<Record<string, { bid: string; ask: string; ts: number }>>(
          env.server,
          'GET',
          '/public/prices',
        );
        const market = prices['CRP:BTC_USDT'];
        const shown = (await priceIn(sides.last())) - (await priceIn(sides.first()));
        const raw = Number(market?.ask) - Number(market?.bid);
        return Math.abs(shown / raw - 2) < 0.05;
      })
      .toBe(true);

    const slider = ticket.locator('input[type="range"]');
    expect(await slider.getAttribute('max')).toBe('5');
    const number = ticket.getByLabel('Leverage (number)');
    await number.fill('20');
    await expect.poll(() => slider.inputValue()).toBe('5');
    expect(await ticket.getByText('5×', { exact: true }).count()).toBeGreaterThan(0);

    await page.getByTestId('trade-spec-open').click();
    const spec = page.getByTestId('pair-spec');
    await expect.poll(() => spec.getByTestId('spec-leverage').locator('dd').textContent()).toBe('5×');
    await page.keyboard.press('Escape');
  });

  it('captures the ticket at 375 and 1440 px in both themes', async () => {
    // Loaded once and drawn in every variant (the page resized, its theme switched).
    const shot = await env.openPage({ token: user.token });
    await shot.goto('/dashboard/trade?pair=BTC_USDT');
    await waitForLiveChart(shot);
    const ticket = shot.getByTestId('order-ticket');
    await expect.poll(() => ticket.locator('input[type="range"]').getAttribute('max')).toBe('5');
    await inEachVariant(shot, async ({ theme, size }) => {
      // From the top, as the screen opens: the ticket is brought into view at this width.
      await shot.evaluate(() => window.scrollTo(0, 0));
      await ticket.scrollIntoViewIfNeeded();
      await screenshot(shot, `group-terms-ticket-${size}-${theme}`);
    });
  });
});
