import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../support/browser';
import { callApi, createUser, type TCreatedUser, verifyIdentityByApi } from '../support/factories';
import { expectToast, settled, useJourneyEnvironment } from '../support/journey';

// Withdrawal review: an administrator lowers the review threshold through the settings API; a user
// with money on the real account withdraws above it, and the withdrawal waits "Under review". In
// the back-office the administrator rejects one (first without a reason: a clear error) and
// approves the other; the user's wallet shows each new status.

const TRON_TO = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const LIVE_TIMEOUT_MS = 20_000;

const env = useJourneyEnvironment({}, { adminPrefix: 'admin', isPostgres: true });

describe('withdrawal review in the back-office', () => {
  let adminToken: string;
  let user: TCreatedUser;
  const withdrawals: string[] = [];

  /** The three withdrawal steps through the API, with the code from the e-mail. */
  async function withdraw(amount: string) {
    const created = await callApi<{ id: string }>(env.server, 'POST', '/wallet/withdrawals', {
      token: user.token,
      body: { coin: 'usdt', network: 'tron', address: TRON_TO, amount },
    });
    const { id } = created.data;
    await callApi(env.server, 'POST', `/wallet/withdrawals/${id}/request-code`, { token: user.token });
    const mail = await env.mailbox.waitForMail(user.email, /confirm your withdrawal/i);
    const confirmed = await callApi<{ status: string }>(
      env.server,
      'POST',
      `/wallet/withdrawals/${id}/confirm`,
      { token: user.token, body: { emailCode: mail.code() } },
    );
    expect(confirmed.data.status).toBe('suspicous');
    return id;
  }

  beforeAll(async () => {
    adminToken = await env.signInAdmin();
    await callApi(env.server, 'PUT', '/admin/settings/wallet', {
      token: adminToken,
      body: { reviewAbove: '25' },
    });
    user = await createUser(env, { firstName: 'Vera', lastName: 'Review' });
    await env.database.fundReal(user.email, 50_000n);
    await verifyIdentityByApi(env.server, user.token, { level: 2, adminToken });
    withdrawals.push(await withdraw('40'));
    withdrawals.push(await withdraw('60'));
  });

  it('waits Under review on the user’s wallet', async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/wallet?tab=withdraw');
    await settled(page);
    await expect.poll(() => page.getByText('Under review').count()).toBe(2);
  });

  it('is rejected with a reason and approved in the back-office; the user sees the new statuses', async () => {
    const admin = await env.openPage({ token: adminToken });
    await admin.goto('/admin/withdrawals');
    await admin.getByRole('link', { name: 'Withdrawals', exact: true }).waitFor();
    await settled(admin);
    const rows = admin.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await screenshot(admin, 'admin-withdrawals-1440-dark');

    // Newest first: 60 USD, then 40 USD. Reject the first: without a reason, a clear error.
    await rows.first().getByRole('button', { name: 'Reject' }).click();
    const dialog = admin.getByTestId('reject-withdrawal-dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Give the user a reason').waitFor();
    await screenshot(admin, 'admin-withdrawal-reject-1440-dark');
    await dialog.getByLabel('Reason').fill('The address belongs to a sanctioned exchange');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expectToast(admin, 'Withdrawal rejected');
    await expect.poll(() => rows.count()).toBe(1);

    await rows.first().getByRole('button', { name: 'Approve' }).click();
    await expectToast(admin, 'Withdrawal approved');
    await admin.getByText('No withdrawals here.').waitFor();

    // "To send": the approved one waits for its transaction hash (no sender runs on Tron here).
    await admin.getByRole('tab', { name: 'To send' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('button', { name: 'Mark sent' }).waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-withdrawals-to-send-1440-dark');

    const audit = await callApi<{ items: Array<{ action: string; targetId: string }> }>(
      env.server,
      'GET',
      '/admin/audit?action=withdrawal.approve',
      { token: adminToken },
    );
    expect(audit.data.items.map((entry) => entry.targetId)).toEqual([withdrawals[0]]);

    // The user: one Processing, one Rejected with the reason, and the rejected one's money back.
    const page = await env.openPage({ token: user.token, theme: 'light' });
    await page.goto('/dashboard/wallet?tab=withdraw');
    await settled(page);
    await page.getByText('Rejected', { exact: true }).first().waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.getByText('Processing', { exact: true }).first().waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.getByText('The address belongs to a sanctioned exchange').first().waitFor();
    expect(await page.getByText('Under review').count()).toBe(0);
    await screenshot(page, 'admin-withdrawal-review-user-1440-light', { fullPage: true });

    // And the notification centre says so.
    await page.goto('/dashboard/notifications');
    await page
      .getByText(/Withdrawal of 5[0-9.]* USD rejected: The address belongs/)
      .first()
      .waitFor();

    for (const theme of ['light', 'dark'] as const) {
      const mobileAdmin = await env.openPage({ token: adminToken, theme, viewport: VIEWPORTS.mobile });
      await mobileAdmin.goto('/admin/withdrawals');
      await mobileAdmin.getByRole('tab', { name: 'All' }).waitFor();
      await mobileAdmin.getByRole('tab', { name: 'All' }).click();
      await settled(mobileAdmin);
      await mobileAdmin.getByText('Rejected', { exact: true }).first().waitFor();
      await screenshot(mobileAdmin, `admin-withdrawals-375-${theme}`, { fullPage: true });
      const mobileUser = await env.openPage({ token: user.token, theme, viewport: VIEWPORTS.mobile });
      await mobileUser.goto('/dashboard/wallet?tab=withdraw');
      await settled(mobileUser);
      await mobileUser.getByText('Processing', { exact: true }).first().waitFor();
      await screenshot(mobileUser, `admin-withdrawal-review-user-375-${theme}`, { fullPage: true });
    }
    const light = await env.openPage({ token: adminToken, theme: 'light' });
    await light.goto('/admin/withdrawals');
    await light.getByRole('tab', { name: 'All' }).click();
    await settled(light);
    await light.getByText('Rejected', { exact: true }).first().waitFor();
    await screenshot(light, 'admin-withdrawals-1440-light');
  });
});
