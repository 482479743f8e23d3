import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeFindings } from '../support/axe';
import { inEachVariant, screenshot } from '../support/browser';
import { callApi } from '../support/factories';
import { expectToast, settled, useAdminAndCustomer, useJourneyEnvironment } from '../support/journey';

// Reports and announcements in the back-office: staff send an announcement that a user sees at the
// top of the app and dismisses by keyboard; the day's orders download as CSV; client money shows.
// Every screen at 375 and 1440 px in both themes, and checked by axe.

const env = useJourneyEnvironment({}, { adminPrefix: 'admin' });
/** What axe finds wrong inside `selector` (serious and critical only), as `rule: target` lines. */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  return (await seriousAxeFindings(page, selector)).flatMap((finding) =>
    finding.nodes.map((node) => `${finding.id}: ${node}`),
  );
}

describe('reports and announcements', () => {
  const seeded = useAdminAndCustomer(
    env,
    { firstName: 'Rita', lastName: 'Reader' },
    { account: 'demo', amount: '250', leverage: 5 },
  );

  it('sends an announcement that a user sees until they dismiss it by keyboard', async () => {
    const page = await env.openPage({ token: seeded.adminToken });
    await page.goto('/admin/announcements');
    await page.getByLabel('Title').fill('Trading hours over the holiday');
    await page.getByLabel('Text').fill('Markets close at 18:00 UTC on Friday.\n\nHappy holidays.');
    await page.getByLabel('Audience').selectOption('pair');
    await page.getByLabel('Pair').selectOption('BTC_USDT');
    await page.getByRole('button', { name: 'Send announcement' }).click();
    await expectToast(page, 'Announcement sent to 1 user');
    const row = page.getByRole('row', { name: /Trading hours over the holiday/ });
    await row.waitFor();
    expect(await row.locator('td[data-label="Reached"]').textContent()).toBe('1');

    const userPage = await env.openPage({ token: seeded.customer.token });
    await userPage.goto('/dashboard/home');
    const banner = userPage.getByRole('region', { name: 'Announcement from the broker' });
    await banner.getByText('Trading hours over the holiday').waitFor();
    await banner.getByText(/Markets close at 18:00 UTC on Friday\./).waitFor();
    // The banner itself (the screen under it has its own checks).
    expect(await axeViolations(userPage, 'section[aria-label="Announcement from the broker"]')).toEqual([]);
    // Still there on another screen, until read.
    await userPage.goto('/dashboard/portfolio');
    await banner.getByText('Trading hours over the holiday').waitFor();
    await banner.getByRole('button', { name: 'Mark as read' }).focus();
    await userPage.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    // Gone at once on the screen; read on the server once the request lands.
    await expect
      .poll(
        async () =>
          (await callApi<unknown[]>(env.server, 'GET', '/announcements', { token: seeded.customer.token }))
            .data,
      )
      .toEqual([]);
    await page.reload();
    await expect.poll(() => row.locator('td[data-label="Read"]').textContent()).toBe('1');
  });

  it("downloads the day's orders as CSV and shows client money", async () => {
    const page = await env.openPage({ token: seeded.adminToken });
    await page.goto('/admin/reports');
    await page.getByRole('cell', { name: 'USDT' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download daily report' }).click();
    const file = await download;
    const today = new Date().toISOString().slice(0, 10);
    expect(file.suggestedFilename()).toBe(`orders-report-${today}.csv`);
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toContain('"Order ID","User ID","E-mail"');
    expect(csv).toContain(`"${seeded.orderId}"`);
    expect(csv).toContain(`"${seeded.customer.email}"`);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.goto('/admin/announcements');
    await settled(page, 'table, form');
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it('looks right at 375 and 1440 px in both themes', async () => {
    await callApi(env.server, 'POST', '/admin/announcements', {
      token: seeded.adminToken,
      body: {
        title: 'Scheduled maintenance',
        body: 'The platform pauses on Sunday from 02:00 to 02:30 UTC.',
        audience: 'all',
      },
    });
    // Each screen is loaded once and drawn in every variant (the page resized, its theme switched).
    const shot = await env.openPage({ token: seeded.adminToken });
    for (const [section, title] of [
      ['reports', 'Reports'],
      ['announcements', 'Announcements'],
    ] as const) {
      await shot.goto(`/admin/${section}`);
      await settled(shot, 'table, form');
      expect(await shot.locator('h1').allTextContents()).toEqual([title]);
      await inEachVariant(shot, async ({ theme, size }) => {
        await screenshot(shot, `admin-${section}-${size}-${theme}`, { fullPage: true });
      });
    }
    const userShot = await env.openPage({ token: seeded.customer.token });
    await userShot.goto('/dashboard/home');
    await userShot.getByText('Scheduled maintenance').waitFor();
    await inEachVariant(userShot, async ({ theme, size }) => {
      await screenshot(userShot, `announcement-banner-${size}-${theme}`);
    });
  });
});
