import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeFindings } from '../support/axe';
import { expectNoSidewaysScroll, inEachVariant, screenshot, VIEWPORTS } from '../support/browser';
import { callApi, createUser, openPositionByApi, type TCreatedUser } from '../support/factories';
import { expectTitle, settled, useJourneyEnvironment, waitForLiveChart } from '../support/journey';

// A trader's figures, each told once and in time: History with open and close times and a partial
// close under its position, its CSV named and worded as the screen; the equity curve spaced by
// time, and a flat new account on a readable axis; one price per pair on the Dashboard, and
// Portfolio's Unrealised PnL equal to the sum of its rows.

const env = useJourneyEnvironment({}, { isPostgres: true });
const DAY_MS = 86_400_000;
const DATE_TIME = /^\d{2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2}$/;

interface TOrder {
  id: string;
  parentId: string | null;
  amount: string;
  pnl: string | null;
}

const centsOf = (money: string) => {
  const [whole = '0', fraction = ''] = money.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return money.startsWith('-') ? -cents : cents;
};

describe('History', () => {
  let user: TCreatedUser;
  let position: { id: string };
  let part: TOrder;

  beforeAll(async () => {
    user = await createUser(env, { firstName: 'Hist', lastName: 'Ory' });
    position = await openPositionByApi(env.server, user.token, {
      account: 'demo',
      amount: '300',
      leverage: 10,
    });
    await callApi(env.server, 'POST', `/orders/${position.id}/partial-close`, {
      token: user.token,
      body: { amount: '100' },
    });
    const { data } = await callApi<{ items: TOrder[] }>(env.server, 'GET', '/orders?account=demo', {
      token: user.token,
    });
    const found = data.items.find((order) => order.parentId === position.id);
    if (!found?.pnl) throw new Error('the partial close is not listed');
    part = found;
  });

  it('shows open and close times, and a partial close as a part of its position', async () => {
    const page = await env.openPage({ token: user.token, viewport: VIEWPORTS.desktop });
    await page.goto('/dashboard/history');
    await expectTitle(page, 'History');
    const table = page.getByTestId('history-table');
    const head = table.locator(`tr#order-${position.id}`);
    await head.waitFor();
    expect(await head.getAttribute('data-has-parts')).toBe('true');
    const opened = (await head.locator('td[data-label="Opened"]').textContent()) ?? '';
    expect(opened).toMatch(DATE_TIME);
    expect(await head.locator('td[data-label="Closed"]').textContent()).toBe('—');

    // The part is the row right after its position: its amount, its result, its close, the position named.
    const next = head.locator('xpath=following-sibling::tr[1]');
    expect(await next.getAttribute('data-part-of')).toBe(position.id);
    expect(await next.locator('td[data-label="Amount (USD)"]').textContent()).toBe('100.00');
    expect(await next.locator('td[data-label="PnL (USD)"] [data-value]').getAttribute('data-value')).toBe(
      part.pnl,
    );
    expect(await next.locator('td[data-label="Opened"]').textContent()).toBe(opened);
    expect(await next.locator('td[data-label="Closed"]').textContent()).toMatch(DATE_TIME);
    expect(await next.getByTestId('history-part-of').textContent()).toBe(
      `Part closed from the position opened ${opened}`,
    );
    expect(await head.locator('td[data-label="Amount (USD)"]').textContent()).toBe('200.00');
  });

  it("exports the screen's column names, in the language the screen is in", async () => {
    await callApi(env.server, 'PUT', '/profile', { body: { language: 'es' }, token: user.token });
    const page = await env.openPage({ token: user.token, viewport: VIEWPORTS.desktop, locale: 'es-ES' });
    await page.goto('/dashboard/history');
    await expectTitle(page, 'Historial');
    const table = page.getByTestId('history-table');
    await table.locator(`tr#order-${position.id}`).waitFor();
    const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
    expect(headers.slice(0, 3)).toEqual(['Par', 'Apertura', 'Cierre']);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    const names = (csv.split('\r\n')[0] ?? '').split(',').map((cell) => cell.replace(/^"|"$/g, ''));
    // Every column the screen shows is in the file under the same name, in the same order.
    expect(names.filter((name) => headers.includes(name))).toEqual(headers.filter((name) => name !== ''));
    expect(names.slice(0, 3)).toEqual(['Par', 'Apertura', 'Cierre']);
    expect(csv).toContain(`"${position.id}"`);
    // Its cells' words as the screen shows them: the order's status and side in Spanish.
    const row = table.locator(`tr#order-${position.id}`);
    const status = (await row.locator('[data-status]').textContent())?.trim() ?? '';
    expect(['Ejecutada', 'Activa', 'Cierre manual']).toContain(status);
    const line = csv.split('\r\n').find((each) => each.endsWith(`"${position.id}"`)) ?? '';
    expect(line).toContain(`"${status}"`);
    expect(line).toMatch(/"(Compra|Venta)"/);
    expect(line).not.toMatch(/"(buy|sell|Buy|Sell)"/);
    await callApi(env.server, 'PUT', '/profile', { body: { language: 'en' }, token: user.token });
  });

  // Loaded once and drawn in every variant (the page resized, its theme switched).
  it('shows the part under its position at 375 and 1440 px in both themes', {
    timeout: 180_000,
  }, async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/history');
    const note = page.getByTestId('history-part-of').first();
    await note.waitFor();
    await settled(page);
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await note.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await expectNoSidewaysScroll(page, viewport.width);
      expect(await seriousAxeFindings(page, '[data-testid="history-table"]')).toEqual([]);
      await screenshot(page, `history-partial-close-${size}-${theme}`);
    });
  });
});

/** What the equity chart wrote on its host: its step, the points' x, its axis. */
async function equityDrawing(page: Page) {
  const chart = page.getByTestId('equity-chart');
  await chart.waitFor();
  await expect.poll(() => chart.getAttribute('data-axis-max')).toMatch(/^-?\d/);
  await expect.poll(() => chart.getAttribute('data-xs')).toMatch(/^-?\d/);
  return {
    xs: ((await chart.getAttribute('data-xs')) ?? '').split(',').map(Number),
    axisMin: Number(await chart.getAttribute('data-axis-min')),
    axisMax: Number(await chart.getAttribute('data-axis-max')),
  };
}

describe('the equity curve', () => {
  it('is spaced by time: nine quiet days are nine times as wide as one', async () => {
    const user = await createUser(env, { firstName: 'Curve', lastName: 'Time' });
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    await env.database.addEquitySnapshots(user.email, 'demo', [
      { dayMs: today - 20 * DAY_MS, cents: 1_000_000n },
      { dayMs: today - 19 * DAY_MS, cents: 1_030_000n },
      { dayMs: today - 10 * DAY_MS, cents: 980_000n },
    ]);
    const page = await env.openPage({ token: user.token, viewport: VIEWPORTS.desktop });
    await page.goto('/dashboard/portfolio');
    await expectTitle(page, 'Portfolio');
    const { xs } = await equityDrawing(page);
    const [first = 0, second = 0, third = 0] = xs;
    const oneDay = second - first;
    expect(oneDay).toBeGreaterThan(0);
    // 9 days after 1 day: 9× as wide (a slot is 4 hours of a 20-day curve).
    expect((third - second) / oneDay).toBeGreaterThan(8.5);
    expect((third - second) / oneDay).toBeLessThan(9.5);
    // Today's points come 10 days on, not one slot after the last snapshot.
    expect(((xs.at(-1) ?? 0) - third) / oneDay).toBeGreaterThan(9.5);
    await page.getByTestId('equity-chart').scrollIntoViewIfNeeded();
    await screenshot(page, 'portfolio-equity-by-time-1440-dark');
  });

  it('gives a flat new account an axis around its equity, at 375 and 1440 px in both themes', async () => {
    const user = await createUser(env, { firstName: 'Flat', lastName: 'Start' });
    // Two days old, never traded: its days closed at the demo start, as today stands.
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    await env.database.addEquitySnapshots(user.email, 'demo', [
      { dayMs: today - 2 * DAY_MS, cents: 1_000_000n },
      { dayMs: today - DAY_MS, cents: 1_000_000n },
    ]);
    // Loaded once and drawn in every variant (the page resized, its theme switched): the chart fits
    // its whole span to each new width.
    const page = await env.openScreen(user.token, '/dashboard/portfolio', 'Portfolio');
    // The axis as the chart drew the curve (the amounts it spans are the same at any width).
    const { axisMin, axisMax } = await equityDrawing(page);
    // 10,000.00 flat: ±1 % around it (with the chart's margins), not a scale collapsed onto it.
    expect(axisMax - axisMin).toBeGreaterThanOrEqual(200);
    expect(axisMin).toBeLessThan(10_000);
    expect(axisMax).toBeGreaterThan(10_000);
    // Its statistics, read as the screen opens its demo book for the first time, find no fall.
    const drawdown = page.getByTestId('trading-stats').getByTestId('stats-drawdown').locator('dd');
    await expect.poll(() => drawdown.textContent()).toBe('0.00 (0.00 %)');
    await inEachVariant(page, async ({ theme, size }) => {
      // From the top, as the screen opens: the chart is brought into view at this width.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId('equity-chart').scrollIntoViewIfNeeded();
      await screenshot(page, `portfolio-equity-flat-${size}-${theme}`);
    });
  });
});

describe('one price per pair', () => {
  let user: TCreatedUser;

  beforeAll(async () => {
    user = await createUser(env, { firstName: 'One', lastName: 'Price' });
    for (const symbol of ['BTC_USDT', 'ETH_USDT', 'SOL_USDT'])
      await openPositionByApi(env.server, user.token, {
        account: 'demo',
        amount: '777.77',
        leverage: 7,
        symbol,
      });
  });

  it("shows the chart's pair at the chart's price in the watchlist", async () => {
    const page = await env.openPage({ token: user.token, viewport: VIEWPORTS.desktop });
    await page.goto('/dashboard/home?pair=BTC_USDT');
    await waitForLiveChart(page);
    const seen = new Set<string>();
    const mismatches: string[] = [];
    // Several ticks: at each, the chart's header and the watchlist's row read the same price.
    await expect
      .poll(
        async () => {
          const [chart, row] = await page.evaluate(() => [
            document.querySelector('[data-testid="chart-last-price"]')?.getAttribute('data-price') ?? '',
            document
              .querySelector('[data-symbol="BTC_USDT"] [data-testid="watchlist-price"]')
              ?.getAttribute('data-price') ?? '',
          ]);
          if (chart && row && chart !== row) mismatches.push(`${chart} ≠ ${row}`);
          if (chart) seen.add(chart);
          return seen.size;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBeGreaterThanOrEqual(3);
    expect(mismatches).toEqual([]);
    const chartText = await page.getByTestId('chart-last-price').textContent();
    expect(chartText).not.toBe('');
    await screenshot(page, 'home-one-price-1440-dark');
  });

  it("sums Portfolio's rows into its Unrealised PnL card, tick after tick", async () => {
    const page = await env.openPage({ token: user.token, viewport: VIEWPORTS.desktop });
    await page.goto('/dashboard/portfolio');
    await expectTitle(page, 'Portfolio');
    const rows = page.getByTestId('positions-table').getByTestId('position-pnl');
    await expect.poll(() => rows.count()).toBe(3);
    const cards = new Set<string>();
    const mismatches: string[] = [];
    await expect
      .poll(
        async () => {
          const { card, values } = await page.evaluate(() => ({
            card:
              document
                .querySelector('[data-testid="stat-unrealized"] [data-value]')
                ?.getAttribute('data-value') ?? '',
            values: [...document.querySelectorAll('[data-testid="position-pnl"]')].map(
              (cell) => cell.getAttribute('data-value') ?? '',
            ),
          }));
          const sum = values.reduce((total, value) => total + centsOf(value), 0n);
          if (card === '' || values.length !== 3) return cards.size;
          if (centsOf(card) !== sum) mismatches.push(`${card} ≠ Σ ${values.join(' + ')}`);
          else cards.add(card);
          return cards.size;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBeGreaterThanOrEqual(3);
    expect(mismatches).toEqual([]);
    await screenshot(page, 'portfolio-unrealised-equals-rows-1440-dark');
  });
});
