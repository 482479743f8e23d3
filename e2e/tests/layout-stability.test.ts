import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from '../support/browser';
import { callApi, createUser, type TCreatedUser } from '../support/factories';
import { expectTitle, pathOf, useJourneyEnvironment } from '../support/journey';

// The signed-in frame on a phone and on a desktop: the banners above every screen (the maintenance
// notice, an unread announcement) never push the screen down as they arrive, and a phone's bottom
// bar keeps five tabs, the rest under "More".

const env = useJourneyEnvironment({}, { adminPrefix: 'stable' });

const NOTICE = 'Planned maintenance on Sunday from 02:00 to 02:30 UTC.';
const ANNOUNCEMENT = 'New pairs this week';

/**
 * The page's cumulative layout shift so far (shifts right after input do not count, as in CLS),
 * and what moved in each shift, to name in a failure.
 */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        const result = { total: 0, moved: [] as string[] };
        const describe = (node: Node | null) => {
          const element = node instanceof Element ? node : node?.parentElement;
          if (!element) return '?';
          const text = (element.textContent ?? '').trim().slice(0, 30);
          return `${element.tagName.toLowerCase()}.${element.className}「${text}」`;
        };
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            result.total += entry.value;
            const nodes = (entry.sources ?? []).map((source) => describe(source.node));
            result.moved.push(`${entry.value.toFixed(3)} ${nodes.join(' | ')}`);
          }
          resolve(result);
        }).observe({ type: 'layout-shift', buffered: true });
        // No shift at all: the observer has nothing to report.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(result)));
      }),
  );

describe('the signed-in frame', () => {
  let user: TCreatedUser;

  beforeAll(async () => {
    // Announcements reach the users there are when they are sent.
    user = await createUser(env, { firstName: 'Stella', lastName: 'Steady' });
    const adminToken = await env.signInAdmin();
    await callApi(env.server, 'PUT', '/admin/settings/general', {
      token: adminToken,
      body: { maintenanceNotice: NOTICE },
    });
    await callApi(env.server, 'POST', '/admin/announcements', {
      token: adminToken,
      body: { title: ANNOUNCEMENT, body: 'Three stocks and two forex pairs.', audience: 'all' },
    });
  });

  for (const [size, viewport] of [
    ['375', VIEWPORTS.mobile],
    ['1440', VIEWPORTS.desktop],
  ] as const) {
    it(`lays every screen out once at ${size} px: the banners arrive without shifting it`, async () => {
      for (const [path, title] of [
        ['/dashboard/home', 'Dashboard'],
        ['/dashboard/trade', 'Trade'],
        ['/dashboard/portfolio', 'Portfolio'],
        ['/dashboard/market', 'Market'],
        ['/dashboard/history', 'History'],
        ['/dashboard/wallet', 'Wallet'],
      ] as const) {
        const page = await env.openPage({ token: user.token, viewport });
        await page.goto(path);
        await expectTitle(page, title);
        await page.getByText(NOTICE).waitFor();
        await page.getByText(ANNOUNCEMENT).waitFor();
        const shift = await layoutShift(page);
        expect(shift.total, `layout shift on ${path}: ${shift.moved.join('; ')}`).toBeLessThanOrEqual(0.05);
        await page.context().close();
      }
    });
  }

  it('keeps five tabs in a phone’s bottom bar, the rest under More', async () => {
    const page = await env.openPage({ token: user.token, viewport: VIEWPORTS.mobile });
    await page.goto('/dashboard/home');
    await expectTitle(page, 'Dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const tabs = nav.locator(':scope > ul > li');
    expect(await tabs.count()).toBe(5);
    const more = nav.getByRole('button', { name: 'More' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');

    // By keyboard: open, the first link takes focus, Escape closes and gives focus back.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('History');
    await page.keyboard.press('Escape');
    await expect.poll(() => more.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await more.getAttribute('aria-expanded')).toBe('false');

    // The list stays on screen, and its link navigates; More then reads as the current tab.
    await more.click();
    const wallet = nav.getByRole('link', { name: 'Wallet', exact: true });
    const box = await wallet.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.mobile.width).toBe(true);
    await wallet.click();
    await page.waitForURL((url) => url.pathname === '/dashboard/wallet');
    expect(pathOf(page)).toBe('/dashboard/wallet');
    await expectTitle(page, 'Wallet');
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
    expect(await more.getAttribute('data-current')).toBe('true');
  });
});
