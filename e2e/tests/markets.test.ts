import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, inEachVariant, screenshot, VIEWPORTS } from '../support/browser';
import { callApi, createUser, type TCreatedUser } from '../support/factories';
import { expectTitle, useJourneyEnvironment } from '../support/journey';

// The dashboard chart and the Market tab against the real server: candles from /public/klines,
// live candles over the Socket.IO stream (the simulator trades crypto around the clock), the
// watchlist, filters and favourites. The chart draws on a canvas, so the tests read what it holds
// from the data attributes it exposes: data-series ('BTC_USDT|60'), data-candles, data-last-time
// and data-last-close.

const env = useJourneyEnvironment({}, { isShared: true });
let user: TCreatedUser;

/** Long enough for a few stream updates (at most every 250 ms) on a busy machine. */
const LIVE_UPDATE_TIMEOUT_MS = 15_000;
const CHART_READY_TIMEOUT_MS = 20_000;

interface TPairRow {
  symbol: string;
  marketOpen: boolean;
  marketClosedReason: string | null;
  marketOpensAt: string | null;
  favorite: boolean;
}

beforeAll(async () => {
  user = await createUser(env, { firstName: 'Grace', lastName: 'Hopper' });
});

const chart = (page: Page) => page.getByTestId('candle-chart');

/** Waits until the chart shows candles of `series` and the stream is connected. */
async function waitForChart(page: Page, series: string) {
  await page.waitForFunction(
    (expected) => {
      const element = document.querySelector<HTMLElement>('[data-testid="candle-chart"]');
      return element?.dataset.series === expected && Number(element.dataset.candles ?? 0) > 0;
    },
    series,
    { timeout: CHART_READY_TIMEOUT_MS },
  );
  await page.getByText('Connecting to DSS...', { exact: true }).waitFor({
    state: 'detached',
    timeout: CHART_READY_TIMEOUT_MS,
  });
}

async function chartData(page: Page) {
  return chart(page).evaluate((element: HTMLElement) => ({
    series: element.dataset.series ?? '',
    candles: Number(element.dataset.candles ?? 0),
    lastTime: Number(element.dataset.lastTime ?? 0),
    lastClose: element.dataset.lastClose ?? '',
  }));
}

const klinesRequest = (page: Page, symbol: string, interval: string, extra?: (url: URL) => boolean) =>
  page.waitForRequest((request) => {
    const url = new URL(request.url());
    return (
      url.pathname === '/public/klines' &&
      url.searchParams.get('symbol') === symbol &&
      url.searchParams.get('interval') === interval &&
      (extra ? extra(url) : true)
    );
  });

async function pairsOf(token: string) {
  const { data } = await callApi<TPairRow[]>(env.server, 'GET', '/pairs', { token });
  return data;
}

describe('dashboard chart', () => {
  it('draws candles of the default pair and interval, with its price in the header', async () => {
    const page = await env.openPage({ token: user.token });
    const firstPage = klinesRequest(page, 'BTC_USDT', '60');
    await page.goto('/dashboard/home');
    await expectTitle(page, 'Dashboard');
    expect(new URL((await firstPage).url()).searchParams.get('limit')).toBe('500');
    await waitForChart(page, 'BTC_USDT|60');

    expect(await chart(page).locator('canvas').count()).toBeGreaterThan(0);
    const data = await chartData(page);
    expect(data.candles).toBeGreaterThan(100);
    expect(data.lastClose).toMatch(/^\d+\.\d{2}$/);
    const panel = page.getByRole('region', { name: 'BTC/USD' });
    await panel.getByRole('heading', { level: 2, name: 'BTC/USD' }).waitFor();
    expect(await page.getByTestId('chart-last-price').textContent()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(await panel.getByText('24h high').count()).toBe(1);
    expect(await page.getByRole('button', { name: '1h', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('moves the last candle with live updates from the stream', async () => {
    const page = await env.openPage({ token: user.token });
    // One-minute candles: every trade changes the close, and a new candle starts each minute.
    await page.goto('/dashboard/home?pair=BTC_USDT&interval=1');
    await waitForChart(page, 'BTC_USDT|1');
    const before = await chartData(page);
    await page.waitForFunction(
      ({ time, close }) => {
        const element = document.querySelector<HTMLElement>('[data-testid="candle-chart"]');
        return element?.dataset.lastTime !== time || element?.dataset.lastClose !== close;
      },
      { time: String(before.lastTime), close: before.lastClose },
      { timeout: LIVE_UPDATE_TIMEOUT_MS },
    );
    const after = await chartData(page);
    expect(after.lastTime).toBeGreaterThanOrEqual(before.lastTime);
    // A live update changes the last candle or adds one; it never reloads the whole series.
    expect(after.candles - before.candles).toBeGreaterThanOrEqual(0);
    expect(after.candles - before.candles).toBeLessThanOrEqual(1);
  });

  it('switches interval and pair, asking for new candles and keeping the choice in the URL', async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/home');
    await waitForChart(page, 'BTC_USDT|60');

    const fiveMinutes = klinesRequest(page, 'BTC_USDT', '5');
    await page.getByRole('button', { name: '5m', exact: true }).click();
    await fiveMinutes;
    await waitForChart(page, 'BTC_USDT|5');
    expect(await page.getByRole('button', { name: '5m', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(new URL(page.url()).searchParams.get('interval')).toBe('5');

    const ethPage = klinesRequest(page, 'ETH_USDT', '5');
    await page.getByRole('region', { name: 'Watchlist' }).locator('button[data-symbol="ETH_USDT"]').click();
    await ethPage;
    await waitForChart(page, 'ETH_USDT|5');
    await page.getByRole('heading', { level: 2, name: 'ETH/USD' }).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('pair')).toBe('ETH_USDT');
    expect(url.searchParams.get('interval')).toBe('5');
    expect(
      await page
        .getByRole('region', { name: 'Watchlist' })
        .locator('button[data-symbol="ETH_USDT"]')
        .getAttribute('aria-current'),
    ).toBe('true');

    // A reload opens the same chart.
    await page.reload();
    await waitForChart(page, 'ETH_USDT|5');
  });

  it('loads older candles when the chart is scrolled to its left edge', async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/home?pair=BTC_USDT&interval=60');
    await waitForChart(page, 'BTC_USDT|60');
    const { candles, lastTime } = await chartData(page);
    const older = klinesRequest(page, 'BTC_USDT', '60', (url) => url.searchParams.has('to'));

    // Zooming out with the wheel brings the oldest candle into view.
    const box = await chart(page).boundingBox();
    if (!box) throw new Error('the chart has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let step = 0; step < 30; step += 1) await page.mouse.wheel(0, 400);

    const request = await older;
    expect(Number(new URL(request.url()).searchParams.get('to'))).toBeLessThan(lastTime);
    await page.waitForFunction(
      (loaded) =>
        Number(document.querySelector<HTMLElement>('[data-testid="candle-chart"]')?.dataset.candles) > loaded,
      candles,
      { timeout: CHART_READY_TIMEOUT_MS },
    );
  });

  it('shows a Market closed badge exactly when the pair’s market is closed', async () => {
    const pairs = await pairsOf(user.token);
    const forex = pairs.find((pair) => pair.symbol === 'EUR_USD');
    if (!forex) throw new Error('EUR_USD is not in the catalogue');
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/home?pair=EUR_USD&interval=60');
    await waitForChart(page, 'EUR_USD|60');
    const badge = page.getByRole('region', { name: 'EUR/USD' }).getByText('Market closed', { exact: true });
    expect(await badge.count()).toBe(forex.marketOpen ? 0 : 1);

    const btc = page.getByRole('region', { name: 'Watchlist' }).locator('button[data-symbol="BTC_USDT"]');
    await btc.click();
    await waitForChart(page, 'BTC_USDT|60');
    expect(await page.getByText('Market closed', { exact: true }).count()).toBe(0);
  });
});

describe('market tab', () => {
  it('says why a closed market is closed and when it opens', async () => {
    const pairs = await pairsOf(user.token);
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/market');
    await page.locator('tbody tr[data-symbol="AAPL_USD"]').waitFor();
    // Whatever the hour: crypto is open, and every other pair says what the server says of it.
    for (const symbol of ['BTC_USDT', 'EUR_USD', 'AAPL_USD']) {
      const pair = pairs.find((candidate) => candidate.symbol === symbol);
      if (!pair) throw new Error(`${symbol} is not in the catalogue`);
      const status = page.locator(`tbody tr[data-symbol="${symbol}"] td`).last();
      if (pair.marketOpen) {
        expect(await status.textContent()).toBe('Open');
      } else {
        expect(pair.marketClosedReason).toMatch(/^Closed (for|early for|outside)/);
        expect(await status.textContent()).toContain(pair.marketClosedReason);
        expect(await status.textContent()).toMatch(/Opens \d{2} [A-Z][a-z]{2} \d{2}:\d{2}$/);
      }
    }
  });

  it('captures the stocks on a phone in the dark theme, with their market state', async () => {
    const page = await env.openPage({ token: user.token, viewport: VIEWPORTS.mobile, theme: 'dark' });
    await page.goto('/dashboard/market?filter=stock');
    await page.locator('[data-symbol="AAPL_USD"]').first().waitFor();
    await screenshot(page, 'market-stocks-375-dark');
  });

  it('filters by type, searches and sorts', async () => {
    const page = await env.openScreen(user.token, '/dashboard/market', 'Market');
    const rows = page.locator('tbody tr[data-symbol]');
    await rows.first().waitFor();
    const all = await rows.count();
    expect(all).toBeGreaterThan(20);

    const tabs = page.getByRole('tablist', { name: 'Pair type' });
    await tabs.getByRole('tab', { name: /Forex/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-symbol]').length === 12);
    expect(new URL(page.url()).searchParams.get('filter')).toBe('forex');
    const forexTypes = await page
      .locator('tbody tr[data-symbol] td:nth-child(2) [data-type]')
      .evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).dataset.type));
    expect(forexTypes.length).toBeGreaterThan(0);
    expect(new Set(forexTypes)).toEqual(new Set(['Forex']));

    await tabs.getByRole('tab', { name: /Stocks/ }).click();
    // The table re-renders after the click: wait for it rather than read it at once.
    await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-symbol]').length === 12);
    expect(await rows.first().getAttribute('data-symbol')).toMatch(/_USD$/);
    await tabs.getByRole('tab', { name: /All/ }).click();
    await page.waitForFunction(
      (expected) => document.querySelectorAll('tbody tr[data-symbol]').length === expected,
      all,
    );
    expect(await rows.count()).toBe(all);

    await page.getByLabel('Search pairs').fill('eth');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-symbol]').length < 5);
    expect(
      await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-symbol'))),
    ).toContain('ETH_USDT');
    await page.getByLabel('Search pairs').fill('');

    // Sort by name: the header says so and the first rows are in order.
    const nameHeader = page.getByRole('columnheader', { name: /Pair/ });
    await nameHeader.getByRole('button').click();
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    const names = await page
      .locator('tbody tr[data-symbol] a')
      .evaluateAll((links) => links.map((link) => link.textContent ?? ''));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    await nameHeader.getByRole('button').click();
    expect(await nameHeader.getAttribute('aria-sort')).toBe('descending');

    const changeHeader = page.getByRole('columnheader', { name: /24h change/ });
    await changeHeader.getByRole('button').click();
    expect(await changeHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await nameHeader.getAttribute('aria-sort')).toBe('none');
  });

  it('stars a pair, shows it under Favorites, and keeps it after a reload', async () => {
    const fan = await createUser(env, { firstName: 'Fav', lastName: 'Ourite' });
    const page = await env.openPage({ token: fan.token });
    await page.goto('/dashboard/market');
    const star = page.getByRole('button', { name: 'Favourite ETH/USD' });
    await star.waitFor();
    expect(await star.getAttribute('aria-pressed')).toBe('false');

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/pairs/ETH_USDT/favorite') && response.request().method() === 'PUT',
    );
    await star.click();
    // Optimistic: the star turns on at the next render, without waiting for the server's answer.
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    expect((await saved).status()).toBe(200);

    await page.getByRole('tab', { name: /Favorites/ }).click();
    const rows = page.locator('tbody tr[data-symbol]');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-symbol]').length === 1);
    expect(await rows.first().getAttribute('data-symbol')).toBe('ETH_USDT');

    await page.reload();
    await page.getByRole('button', { name: 'Favourite ETH/USD' }).waitFor();
    expect(await page.getByRole('tab', { name: /Favorites/ }).getAttribute('aria-selected')).toBe('true');
    expect(await rows.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Favourite ETH/USD' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const favourites = (await pairsOf(fan.token)).filter((pair) => pair.favorite);
    expect(favourites.map((pair) => pair.symbol)).toEqual(['ETH_USDT']);

    // Unstarring empties the list, with a way back to every pair.
    const removed = page.waitForResponse(
      (response) =>
        response.url().endsWith('/pairs/ETH_USDT/favorite') && response.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: 'Favourite ETH/USD' }).click();
    expect((await removed).status()).toBe(200);
    await page.getByText('No favourites yet.').waitFor();
    await page.getByRole('button', { name: 'Show all pairs' }).click();
    await rows.nth(10).waitFor();
  });

  it('opens the dashboard chart of a pair when its row is clicked', async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/market');
    const row = page.locator('tbody tr[data-symbol="SOL_USDT"]');
    await row.waitFor();
    const solPage = klinesRequest(page, 'SOL_USDT', '60');
    await row.locator('td').nth(3).click();
    await page.waitForURL(
      (url) => url.pathname === '/dashboard/home' && url.searchParams.get('pair') === 'SOL_USDT',
    );
    await solPage;
    await waitForChart(page, 'SOL_USDT|60');
    await page.getByRole('heading', { level: 2, name: 'SOL/USD' }).waitFor();
  });

  it('can be used with the keyboard: tabs move with the arrows, a pair opens with Enter', async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/market');
    await page.locator('tbody tr[data-symbol]').first().waitFor();
    await page.getByRole('tab', { name: /All/ }).focus();
    await page.keyboard.press('ArrowRight');
    // The selection follows on the next render: wait for it rather than read it at once.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="tab"]')].some(
        (tab) => tab.textContent?.startsWith('Crypto') && tab.getAttribute('aria-selected') === 'true',
      ),
    );
    expect(await page.getByRole('tab', { name: /Crypto/ }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Crypto/);
    await page.getByRole('link', { name: 'BTC/USD' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/dashboard/home' && url.searchParams.get('pair') === 'BTC_USDT',
    );
  });
});

describe('screenshots', () => {
  // Each screen is loaded once and drawn in every variant (the page resized, its theme switched).
  it('captures the dashboard and the market in every variant', { timeout: 180_000 }, async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/home');
    await waitForChart(page, 'BTC_USDT|60');
    // The watchlist's sparklines arrive with their own request.
    await page.locator('[role="tabpanel"] svg path').first().waitFor();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      // The chart follows its box and the theme: still showing its candles once redrawn.
      await waitForChart(page, 'BTC_USDT|60');
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `home-${size}-${theme}`);
    });

    await page.goto('/dashboard/market');
    await page.locator('tbody tr[data-symbol]').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('tbody')?.textContent?.includes('—'));
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      // The list fits its card too: no part of a row is hidden sideways.
      const hidden = await page
        .locator('table')
        .first()
        .evaluate(
          (table) => (table.parentElement?.scrollWidth ?? 0) - (table.parentElement?.clientWidth ?? 0),
        );
      expect(hidden).toBe(0);
      await screenshot(page, `market-${size}-${theme}`);
    });
  });
});
