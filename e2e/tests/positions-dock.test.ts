import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeFindings } from '../support/axe';
import { expectNoSidewaysScroll, inEachVariant, screenshot, VIEWPORTS } from '../support/browser';
import { callApi, createUser, type TCreatedUser } from '../support/factories';
import { expectToast, useJourneyEnvironment, waitForLiveChart } from '../support/journey';

// The Trade screen's dock of open positions on a desktop: in view under the chart at 1440×900 with
// the position a market order just opened highlighted in it; the close toast's realised result; the
// effective leverage of a position with added margin; then the screen at 375 and 1440 px.

const env = useJourneyEnvironment({}, { isShared: true });

interface TOrder {
  id: string;
  symbol: string;
  status: string;
  pnl: string | null;
}

async function place(user: TCreatedUser, body: Record<string, unknown>): Promise<TOrder> {
  const { data } = await callApi<TOrder>(env.server, 'POST', '/orders', {
    token: user.token,
    body: { account: 'demo', type: 'market', ...body },
  });
  return data;
}

/** '-1234.5' → '-1,234.50 USD', '12.3' → '+12.30 USD': a result as the English screens write it. */
function resultText(pnl: string): string {
  const [whole = '0', fraction = ''] = pnl.replace('-', '').split('.');
  const figure = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
  const sign = pnl.startsWith('-') ? '-' : /[1-9]/.test(figure) ? '+' : '';
  return `${sign}${figure} USD`;
}

describe('the dock of open positions at 1440×900', () => {
  let user: TCreatedUser;

  beforeAll(async () => {
    user = await createUser(env, { firstName: 'Dock', lastName: 'Trader' });
    // Positions already open, so the dock holds more rows than its height shows.
    for (const [symbol, amount] of [
      ['ETH_USDT', '800'],
      ['SOL_USDT', '600'],
      ['ETH_USDT', '700'],
      ['SOL_USDT', '500'],
      ['ETH_USDT', '400'],
    ] as const) {
      await place(user, { symbol, side: 'buy', amount, leverage: 5 });
    }
  });

  it('shows the new position highlighted in view, its effective leverage and the result of its close', async () => {
    const page = await env.openPage({ token: user.token, viewport: VIEWPORTS.desktop });
    await page.goto('/dashboard/trade?pair=BTC_USDT');
    await waitForLiveChart(page);
    const positions = page.getByTestId('positions-table');
    await positions.locator('tbody tr', { hasText: 'ETH/USD' }).first().waitFor();

    const ticket = page.getByTestId('order-ticket');
    await ticket.getByLabel('Amount (USD)').fill('1000');
    await ticket.getByLabel('Leverage (number)').fill('10');
    await expect.poll(() => ticket.getByTestId('preview-margin').textContent()).toBe('100.00 USD');
    await ticket.getByRole('button', { name: /^Buy BTC\/USD/ }).click();
    await expectToast(page, 'Order opened successfully');

    // The new row stands out, inside the window.
    const row = positions.locator('tbody tr', { hasText: 'BTC/USD' });
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-highlighted')).toBe('true');
    const rowBox = await row.boundingBox();
    expect(rowBox).not.toBeNull();
    expect(rowBox?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((rowBox?.y ?? 0) + (rowBox?.height ?? 0)).toBeLessThanOrEqual(VIEWPORTS.desktop.height);
    const dockBox = await page.getByTestId('positions-dock').boundingBox();
    expect((dockBox?.y ?? 0) + (dockBox?.height ?? 0)).toBeLessThanOrEqual(VIEWPORTS.desktop.height);
    // The chart keeps a useful height above the dock.
    expect((await page.getByTestId('candle-chart').boundingBox())?.height ?? 0).toBeGreaterThan(250);
    // The highlight is for a moment only.
    await expect.poll(() => row.getAttribute('data-highlighted'), { timeout: 10_000 }).toBeNull();

    // 160.00 of margin on 1,000.00: 6.25×, shown as 6.3× beside the 10× it was opened at.
    const leverage = row.getByTestId('position-leverage');
    expect(await leverage.textContent()).toBe('10×');
    await row.getByRole('button', { name: 'Add margin to BTC/USD buy' }).click();
    const marginDialog = page.getByTestId('add-margin-dialog');
    await marginDialog.getByLabel('Amount (USD)').fill('60');
    await marginDialog.getByRole('button', { name: 'Add margin' }).click();
    await expectToast(page, 'Margin added successfully');
    await marginDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => leverage.textContent()).toBe('10× → 6.3×');
    expect(await leverage.getAttribute('title')).toBe(
      'Opened at 10×; with the margin added it runs at 6.3× (position size ÷ margin)',
    );

    // The close toast tells the realised result, the closed order's own PnL.
    await row.getByRole('button', { name: 'Close BTC/USD buy', exact: true }).click();
    await page.getByTestId('close-position-dialog').getByRole('button', { name: 'Close position' }).click();
    const toast = page.locator('[role="status"]', { hasText: 'Position closed:' }).first();
    await toast.waitFor();
    const { data } = await callApi<{ items: TOrder[] }>(
      env.server,
      'GET',
      '/orders?account=demo&status=mcl',
      { token: user.token },
    );
    const closed = data.items.find((order) => order.symbol === 'BTC_USDT');
    if (!closed?.pnl) throw new Error('the closed position has no PnL');
    expect(await toast.textContent()).toContain(`Position closed: ${resultText(closed.pnl)}`);
    await row.waitFor({ state: 'detached' });
  });
});

describe('the Trade screen with its positions', () => {
  let user: TCreatedUser;

  beforeAll(async () => {
    user = await createUser(env, { firstName: 'Dock', lastName: 'Shots' });
    await place(user, { symbol: 'ETH_USDT', side: 'sell', amount: '2500', leverage: 5 });
    await place(user, { symbol: 'SOL_USDT', side: 'buy', amount: '800', leverage: 4 });
    const btc = await place(user, { symbol: 'BTC_USDT', side: 'buy', amount: '1000', leverage: 10 });
    await callApi(env.server, 'POST', `/orders/${btc.id}/margin`, {
      token: user.token,
      body: { amount: '60' },
    });
  });

  // The screen is loaded once and checked in every variant (the page resized, its theme switched).
  it('fits at 375 and 1440 px in both themes, axe clean', { timeout: 180_000 }, async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/trade?pair=BTC_USDT');
    await waitForLiveChart(page);
    const btc = page.getByTestId('positions-table').locator('tbody tr', { hasText: 'BTC/USD' });
    await expect.poll(() => btc.getByTestId('position-leverage').textContent()).toBe('10× → 6.3×');
    await page.getByTestId('preview-free-margin').filter({ hasText: 'USD' }).waitFor();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      // From the top of the screen, as it opens (a phone's variant before scrolled down to the dock).
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoSidewaysScroll(page, viewport.width);
      expect(await seriousAxeFindings(page)).toEqual([]);
      const isPhone = viewport.width < VIEWPORTS.desktop.width;
      if (isPhone) {
        // Phones: the positions follow the ticket down the page. (Scrolled there, the ticket's
        // fields pass under the sticky top bar, which axe's target size rule counts: only the
        // positions are checked again.)
        await page.getByRole('tab', { name: /Positions/ }).scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollBy(0, -80));
        expect(await seriousAxeFindings(page, '[data-testid="positions-dock"]')).toEqual([]);
      } else {
        const dock = await page.getByTestId('positions-dock').boundingBox();
        expect((dock?.y ?? 0) + (dock?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
        // The row's actions stay in view at the dock's right edge.
        const close = btc.getByRole('button', { name: 'Close BTC/USD buy', exact: true });
        const closeBox = await close.boundingBox();
        expect((closeBox?.x ?? 0) + (closeBox?.width ?? 0)).toBeLessThanOrEqual(
          (dock?.x ?? 0) + (dock?.width ?? 0),
        );
      }
      await screenshot(page, `trade-positions-dock-${size}-${theme}`);
    });
  });
});
