import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSidewaysScroll,
  inEachVariant,
  screenshot,
  showVariant,
  VIEWPORTS,
} from '../support/browser';
import { createUser } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment, waitForLiveChart } from '../support/journey';

// Indicators on the charts: chosen in the Trade chart's dialog, drawn (overlays on the candles,
// RSI, MACD and volume in panes of their own), kept on the server so the Dashboard and another
// device show the same, and still drawn as live candles arrive.

const env = useJourneyEnvironment({}, { isShared: true });

const chartData = (page: Page) =>
  page.locator('[data-testid="candle-chart"]').evaluate((element: HTMLElement) => ({ ...element.dataset }));
const legend = (page: Page) => page.getByTestId('chart-legend').locator('li').allTextContents();

describe('chart indicators', () => {
  it('are chosen once, drawn in their panes, kept for every device, and follow live candles', async () => {
    const user = await createUser(env, { firstName: 'Ina', lastName: 'Indicators' });
    const page = await env.openPage({ token: user.token });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/dashboard/trade');
    await expectTitle(page, 'Trade');
    await waitForLiveChart(page);
    // A new user's charts show the volume in a pane of its own.
    expect(await legend(page)).toEqual(['Volume']);
    expect((await chartData(page)).panes).toBe('2');

    await page.getByRole('button', { name: 'Indicators' }).click();
    const dialog = page.getByTestId('indicators-dialog');
    for (const name of ['Moving average (simple)', 'Bollinger bands', 'RSI', 'MACD']) {
      await dialog.getByLabel('Add an indicator').selectOption({ label: name });
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    }
    await dialog.getByLabel('Moving average (simple) period').fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Moving average (simple): Period must be at least 2').waitFor();
    await dialog.getByLabel('Moving average (simple) period').fill('10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Chart settings saved');
    expect(await legend(page)).toEqual(['Volume', 'SMA 10', 'BB 20 2', 'RSI 14', 'MACD 12 26 9']);
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('[data-testid="candle-chart"]')?.dataset.panes === '4',
    );

    // Live candles keep coming with the indicators drawn.
    const before = await chartData(page);
    await page.waitForFunction(
      (last) =>
        document.querySelector<HTMLElement>('[data-testid="candle-chart"]')?.dataset.lastClose !== last,
      before.lastClose,
      { timeout: 20_000 },
    );
    expect(pageErrors).toEqual([]);

    // The Dashboard, and another device, draw the same.
    await page.goto('/dashboard/home');
    await waitForLiveChart(page);
    // The saved settings may arrive after the first candles: the legend follows them.
    const chosen = ['Volume', 'SMA 10', 'BB 20 2', 'RSI 14', 'MACD 12 26 9'];
    await expect.poll(() => legend(page), { timeout: 10_000 }).toEqual(chosen);
    const elsewhere = await env.openPage({ token: user.token, viewport: { width: 375, height: 812 } });
    await elsewhere.goto('/dashboard/trade');
    await waitForLiveChart(elsewhere);
    await expect.poll(() => legend(elsewhere), { timeout: 10_000 }).toEqual(chosen);

    // Removing one takes its pane away.
    await page.getByRole('button', { name: 'Indicators' }).click();
    await page.getByTestId('indicators-dialog').getByRole('button', { name: 'Remove MACD' }).click();
    await page.getByTestId('indicators-dialog').getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Chart settings saved');
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('[data-testid="candle-chart"]')?.dataset.panes === '3',
    );

    // Loaded once and drawn in every variant (the page resized, its theme switched).
    const shot = await env.openScreen(user.token, '/dashboard/trade', 'Trade');
    await waitForLiveChart(shot);
    await inEachVariant(shot, async ({ theme, size, viewport }) => {
      // A new theme draws the indicators again, in their panes.
      await shot.waitForFunction(
        () => document.querySelector<HTMLElement>('[data-testid="candle-chart"]')?.dataset.panes === '3',
      );
      await shot.getByTestId('chart-legend').waitFor();
      await expectNoSidewaysScroll(shot, viewport.width);
      await screenshot(shot, `indicators-trade-${size}-${theme}`);
    });
    // The dialog on a phone, on the same page.
    await showVariant(shot, { theme: 'dark', viewport: VIEWPORTS.mobile });
    await shot.getByRole('button', { name: 'Indicators' }).click();
    await shot.getByTestId('indicators-dialog').getByLabel('Add an indicator').waitFor();
    await screenshot(shot, 'indicators-dialog-375-dark');
  });
});
