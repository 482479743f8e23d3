import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inEachVariant, screenshot } from '../support/browser';
import { callApi, signInByApi } from '../support/factories';
import { expectToast, settled, useAdminAndCustomer, useJourneyEnvironment } from '../support/journey';

// The back-office: an administrator finds a user, suspends and reactivates them, edits a position's
// TP/SL, disables a pair, publishes a maintenance notice that reaches users' dashboards, and reads
// every one of those actions in the audit log. A user who is not an administrator is kept out.

const env = useJourneyEnvironment({}, { adminPrefix: 'admin' });

describe('the admin back-office', () => {
  const seeded = useAdminAndCustomer(
    env,
    { firstName: 'Uma', lastName: 'Customer' },
    { account: 'demo', amount: '500', leverage: 10 },
  );

  it('keeps a user who is not an administrator out', async () => {
    const page = await env.openPage({ token: seeded.customer.token });
    await page.goto('/admin/users');
    await page.getByText('Staff only.').waitFor();
    const response = await fetch(`${env.server.url}/admin/users`, {
      headers: { authorization: `Bearer ${seeded.customer.token}` },
    });
    expect(response.status).toBe(403);
  });

  it('manages a user, an order, a pair and the settings, each in the audit log', {
    timeout: 240_000,
  }, async () => {
    const page = await env.openPage({ token: seeded.adminToken });
    await page.goto('/admin');
    // Browser tests run every pair on the simulator with Real trading allowed: a demonstration.
    await page.getByRole('status').getByText('Demonstration deployment').waitFor();
    await page.getByLabel('Search users').fill(seeded.customer.email);
    await page.getByRole('link', { name: /Uma Customer/ }).click();
    await page.getByTestId('admin-user-name').getByText('Uma Customer').waitFor();
    await page.getByRole('cell', { name: 'BTC/USD' }).first().waitFor();

    await page.getByRole('button', { name: 'Suspend' }).click();
    await expectToast(page, 'User updated successfully');
    // The account's own status: the open position's status badge below also reads "Active".
    const status = page.getByTestId('admin-user-status');
    await status.getByText('Suspended', { exact: true }).waitFor();
    expect(
      (
        await fetch(`${env.server.url}/profile`, {
          headers: { authorization: `Bearer ${seeded.customer.token}` },
        })
      ).status,
    ).toBe(401);
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await status.getByText('Active', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByLabel('Search orders').fill(seeded.orderId);
    // Its price is written as every figure is: thousands separated, the pair's decimals.
    const priceCell = page.locator('td[data-label="Price"]').first();
    await expect.poll(() => priceCell.textContent()).toMatch(/^\d{1,3}(,\d{3})+\.\d{2}$/);
    await page.getByRole('button', { name: 'Edit TP/SL' }).click();
    const dialog = page.getByTestId('order-exits-dialog');
    const { data: order } = await callApi<{ price: string }>(
      env.server,
      'GET',
      `/admin/orders/${seeded.orderId}`,
      {
        token: seeded.adminToken,
      },
    );
    const stop = (Number(order.price) * 0.5).toFixed(2);
    await dialog.getByLabel('Stop loss').fill(stop);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Order updated successfully');

    // A server just started prepares the pairs' history one pair at a time: the screen is read once
    // the simulator prices all of them.
    await expect
      .poll(
        async () => {
          const health = (await (await fetch(`${env.server.url}/health`)).json()) as {
            data?: { feeds?: Array<{ feed: string; pairs: number }> };
          };
          return health.data?.feeds?.find((feed) => feed.feed === 'simulator')?.pairs;
        },
        { timeout: 120_000 },
      )
      .toBe(46);
    await page.getByRole('link', { name: 'Pairs' }).click();
    // The simulator prices every pair here, and it is live.
    const simulator = page.getByTestId('price-feeds').locator('li', { hasText: 'Built-in simulator' });
    await simulator.getByText('Live', { exact: true }).waitFor();
    expect(await simulator.textContent()).toMatch(/46 pairs · last price \d+\.\d s ago/);
    // Found by search; its trading switched off, and listed among the disabled.
    await page.getByLabel('Search pairs').fill('eth');
    const ethSwitch = page.getByRole('switch', { name: 'Trading on ETH/USD' });
    expect(await ethSwitch.getAttribute('aria-checked')).toBe('true');
    await ethSwitch.click();
    await expect.poll(() => ethSwitch.getAttribute('aria-checked')).toBe('false');
    await page.getByLabel('Search pairs').fill('');
    await page.getByRole('tab', { name: 'Disabled' }).click();
    await expect
      .poll(() =>
        page.getByRole('switch').evaluateAll((switches) => switches.map((s) => s.getAttribute('aria-label'))),
      )
      .toEqual(['Trading on ETH/USD']);

    await page.getByRole('link', { name: 'Settings' }).click();
    const general = page.getByTestId('settings-general');
    await general.getByLabel(/Maintenance notice/).fill('Maintenance on Sunday from 02:00 to 03:00 UTC.');
    await general.getByRole('button', { name: 'Save general settings' }).click();
    await expectToast(page, 'Settings updated successfully');

    // The wallet's networks: every setting labelled, showing what is in force, checked as typed.
    const wallet = page.getByTestId('settings-wallet');
    const ethereum = wallet.getByRole('group', { name: 'Ethereum' });
    const confirmations = ethereum.getByLabel('Confirmations');
    expect(await confirmations.inputValue()).toMatch(/^\d+$/);
    expect(await ethereum.getByLabel('USDT contract').inputValue()).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await confirmations.fill('0');
    await ethereum.getByText('At least 1 confirmation').waitFor();
    const saveWallet = wallet.getByRole('button', { name: 'Save wallet settings' });
    expect(await saveWallet.isDisabled()).toBe(true);
    await confirmations.fill('20');
    await ethereum.getByLabel('Withdrawal fee (USD)').fill('7.50');
    await saveWallet.click();
    const storedWallet = async () =>
      (
        await callApi<{ wallet: { networks: Record<string, unknown> } }>(
          env.server,
          'GET',
          '/admin/settings',
          {
            token: seeded.adminToken,
          },
        )
      ).data.wallet;
    await expect
      .poll(async () => (await storedWallet()).networks.ethereum, { timeout: 10_000 })
      .toMatchObject({ confirmations: 20, fee: '7.50' });

    // The notice reaches a user's dashboard.
    // Suspending ended the user's sessions: they sign in again.
    const userToken = await signInByApi(env.server, seeded.customer.email, seeded.customer.password);
    const userPage = await env.openPage({ token: userToken });
    await userPage.goto('/dashboard/home');
    await userPage.getByText('Maintenance on Sunday from 02:00 to 03:00 UTC.').waitFor();

    await page.getByRole('link', { name: 'Audit log' }).click();
    for (const action of [
      'user.suspend',
      'user.reactivate',
      'order.update',
      'pair.update',
      'settings.update',
    ]) {
      await page.getByRole('cell', { name: action }).first().waitFor();
    }
    // Statuses in words, never their codes.
    await page.getByText('status: Active → Suspended').first().waitFor();
    expect(await page.getByText(/status: (act|sus) →/).count()).toBe(0);
    // A nested setting by its path, never as JSON; prices formatted.
    await page
      .getByText(/^networks\.ethereum\.confirmations: — → 20$/)
      .first()
      .waitFor();
    expect(await page.getByText(/[{}"]/).count()).toBe(0);

    // The order's exits as every price is written.
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByLabel('Search orders').fill(seeded.orderId);
    await expect
      .poll(() => page.locator('td[data-label="TP / SL"]').first().textContent())
      .toMatch(/^— \/ \d{1,3}(,\d{3})*\.\d{2}$/);
    await page.getByRole('link', { name: 'Audit log' }).click();

    // Each screen is loaded once and drawn in every variant (the page resized, its theme switched):
    // a narrowed window brings the current tab into view as a screen opened narrow does.
    const shot = await env.openPage({ token: seeded.adminToken });
    for (const [section, title] of [
      ['users', 'Users'],
      ['orders', 'Orders'],
      ['pairs', 'Pairs'],
      ['settings', 'Settings'],
      ['audit', 'Audit log'],
      ['tickets', 'Support tickets'],
    ] as const) {
      await shot.goto(`/admin/${section}`);
      await settled(shot, 'table, form');
      // Each screen has its page title.
      expect(await shot.locator('h1').allTextContents()).toEqual([title]);
      await inEachVariant(shot, async ({ theme, size }) => {
        await expectTabsReachable(shot, size);
        // Settings is long (every network of the wallet): the whole page.
        await screenshot(shot, `admin-${section}-${size}-${theme}`, { fullPage: section === 'settings' });
      });
    }
    await shot.goto(`/admin/users/${seeded.customerId}`);
    await settled(shot, 'table, form');
    await inEachVariant(shot, async ({ theme, size }) => {
      await screenshot(shot, `admin-user-${size}-${theme}`, { fullPage: true });
    });
    await shot.goto('/dashboard/notifications');
    await settled(shot, 'table, form');
    await inEachVariant(shot, async ({ theme, size }) => {
      await screenshot(shot, `notifications-${size}-${theme}`);
    });
  });
});

/**
 * The back-office's tabs: one row that scrolls sideways when it must, fading at the ends that hide
 * tabs, with the current tab in view. At 1440 px every tab is whole on screen, in that one row.
 */
async function expectTabsReachable(page: Page, size: '375' | '1440') {
  const strip = page.getByRole('navigation', { name: 'Back-office' });
  const boxes = await strip.getByRole('link').evaluateAll((links) =>
    links.map((link) => {
      const box = link.getBoundingClientRect();
      const nav = link.parentElement?.getBoundingClientRect();
      return {
        name: link.textContent,
        current: link.getAttribute('aria-current') === 'page',
        top: Math.round(box.top),
        inside: !!nav && box.left >= nav.left - 1 && box.right <= nav.right + 1,
        onScreen: box.left >= 0 && box.right <= window.innerWidth,
      };
    }),
  );
  expect(boxes.length).toBeGreaterThan(5);
  if (size === '1440') {
    expect(boxes.filter((box) => !box.inside || !box.onScreen).map((box) => box.name)).toEqual([]);
    expect(new Set(boxes.map((box) => box.top)).size).toBe(1);
    return;
  }
  expect(boxes.find((box) => box.current)?.inside).toBe(true);
  const more = await strip.getAttribute('data-more');
  const hidden = boxes.filter((box) => !box.inside);
  if (hidden.length) expect(more).toMatch(/^(start|end|both)$/);
  else expect(more).toBeNull();
}
