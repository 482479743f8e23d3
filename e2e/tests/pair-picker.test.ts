import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeFindings } from '../support/axe';
import { inEachVariant, screenshot, VIEWPORTS } from '../support/browser';
import { createUser } from '../support/factories';
import { expectTitle, useJourneyEnvironment, waitForLiveChart } from '../support/journey';

// The Trade screen's pair picker: '/' opens a search over every pair with its price, change and
// star; the keys pick a pair (the chart, the ticket and the address follow), a star puts it under
// Favourites, Escape returns to the button. It stays in the window, a sheet on a phone.

const env = useJourneyEnvironment({}, { isShared: true });

const pickerButton = (page: Page) => page.getByRole('button', { name: /^Pair / });
const searchField = (page: Page) => page.getByRole('combobox', { name: 'Search pairs' });
const pairList = (page: Page) => page.getByRole('grid', { name: 'Pairs' });
const rowSymbols = (page: Page) =>
  pairList(page)
    .locator('tr')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.symbol));
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

async function openTrade(page: Page) {
  await page.goto('/dashboard/trade');
  await expectTitle(page, 'Trade');
  await waitForLiveChart(page);
  await expect.poll(() => pickerButton(page).textContent()).toBe('BTC/USD');
}

/** Each edge of the element inside the window. */
async function expectInViewport(page: Page, element: Locator) {
  const viewport = page.viewportSize() ?? VIEWPORTS.desktop;
  await expect
    .poll(async () => {
      const box = await element.boundingBox();
      if (!box) return 'not drawn';
      const isInside =
        box.x >= 0 &&
        box.y >= 0 &&
        box.x + box.width <= viewport.width &&
        box.y + box.height <= viewport.height;
      return isInside ? 'inside' : JSON.stringify(box);
    })
    .toBe('inside');
}

describe('pair picker', () => {
  it('opens with "/", finds ETH as typed, picks it with the keys, stars a pair into Favourites and closes back to its button', async () => {
    const user = await createUser(env, { firstName: 'Pia', lastName: 'Picker' });
    const page = await env.openPage({ token: user.token });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openTrade(page);

    // '/' anywhere on the screen opens it, the search focused.
    await page.keyboard.press('/');
    const search = searchField(page);
    await expect.poll(() => isFocused(search)).toBe(true);
    expect(await pickerButton(page).getAttribute('aria-expanded')).toBe('true');
    // Every pair, with its price and change.
    await expect.poll(async () => (await rowSymbols(page)).length).toBeGreaterThan(20);
    const btc = pairList(page).locator('tr[data-symbol="BTC_USDT"]');
    expect(await btc.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => btc.textContent()).toMatch(/^BTC\/USD[\d,]+\.\d{2}[+-]?\d+\.\d{2}%$/);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.keyboard.type('eth');
    await expect.poll(async () => (await rowSymbols(page))[0]).toBe('ETH_USDT');
    expect(await search.getAttribute('aria-activedescendant')).toBeNull();
    await page.keyboard.press('ArrowDown');
    const firstCell = pairList(page).locator('tr').first().locator('td').first();
    await expect
      .poll(
        async () =>
          (await search.getAttribute('aria-activedescendant')) === (await firstCell.getAttribute('id')),
      )
      .toBe(true);
    await page.keyboard.press('Enter');

    // The chart, the ticket and the address follow; focus is back on the button.
    await pairList(page).waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).searchParams.get('pair')).toBe('ETH_USDT');
    await expect.poll(() => pickerButton(page).textContent()).toBe('ETH/USD');
    await expect
      .poll(() => page.getByRole('region', { name: 'Chart' }).getAttribute('data-symbol'))
      .toBe('ETH_USDT');
    await page
      .getByTestId('order-ticket')
      .getByRole('button', { name: /^Buy ETH\/USD/ })
      .waitFor();
    expect(await isFocused(pickerButton(page))).toBe(true);

    // A star puts a pair under Favourites, kept for the next visit.
    await pickerButton(page).click();
    await search.fill('sol');
    const star = pairList(page).getByRole('button', { name: 'Favourite SOL/USD' });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await search.fill('');
    await page.getByRole('tab', { name: 'Favorites' }).click();
    await expect.poll(() => rowSymbols(page)).toEqual(['SOL_USDT']);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Escape closes it and returns to the button.
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'detached' });
    expect(await isFocused(pickerButton(page))).toBe(true);

    await page.reload();
    await openTradeOn(page, 'ETH/USD');
    await pickerButton(page).click();
    await page.getByRole('tab', { name: 'Favorites' }).click();
    await expect.poll(() => rowSymbols(page)).toEqual(['SOL_USDT']);
    // Tab leaves the search for the tabs, then the picker altogether (it closes behind).
    await search.focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(page.getByRole('tab', { name: 'Favorites' }))).toBe(true);
    await page.keyboard.press('Tab');
    await search.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });

  // The screen is loaded once; in each variant (the page resized, its theme switched) the picker is
  // opened, checked and closed again.
  it('opens inside the window at 375 and 1440 px in both themes', { timeout: 180_000 }, async () => {
    const user = await createUser(env, { firstName: 'Pia', lastName: 'Picker' });
    const page = await env.openPage({ token: user.token });
    await openTrade(page);
    const panel = page.getByRole('dialog', { name: 'Choose a pair' });
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await pickerButton(page).click();
      await expect.poll(() => isFocused(searchField(page))).toBe(true);
      // Prices drawn before the picture.
      await expect
        .poll(() => pairList(page).locator('tr[data-symbol="BTC_USDT"]').textContent())
        .toMatch(/\d\.\d{2}/);
      await expectInViewport(page, panel);
      await expectInViewport(page, searchField(page));
      if (size === '1440') {
        // Under its button, however the screen above it settles (the margin bar arrives later).
        await expect
          .poll(async () => {
            const [button, box] = [await pickerButton(page).boundingBox(), await panel.boundingBox()];
            return button && box ? box.y - (button.y + button.height) : 'not drawn';
          })
          .toBe(6);
      }
      if (size === '375') {
        // A sheet over the whole screen, with a way out for a thumb.
        const box = await panel.boundingBox();
        expect(box?.width).toBe(viewport.width);
        await page.getByRole('button', { name: 'Close' }).click();
        await panel.waitFor({ state: 'detached' });
        await pickerButton(page).click();
        await expect.poll(() => isFocused(searchField(page))).toBe(true);
      }
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `pair-picker-${size}-${theme}`);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
    });
  });
});

/** After a reload: the screen back on `pair`. */
async function openTradeOn(page: Page, pair: string) {
  await expectTitle(page, 'Trade');
  await expect.poll(() => pickerButton(page).textContent()).toBe(pair);
}
