import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { inEachVariant, screenshot } from '../support/browser';
import { callApi, createUser, type TCreatedUser, userIdByApi } from '../support/factories';
import { expectToast, settled, useAdminAndCustomer, useJourneyEnvironment } from '../support/journey';

// Balance operations with four eyes: an administrator asks for a bonus above the approval
// threshold on a customer's page; it waits as pending, and the one who asked cannot approve it. A
// second member of staff signs in and approves it; the customer reads it in History and sees, in
// the wallet, that the bonus is not withdrawable.

const env = useJourneyEnvironment({}, { adminPrefix: 'admin' });
describe('balance operations with four eyes', () => {
  const seeded = useAdminAndCustomer(env, { firstName: 'Cora', lastName: 'Client' });
  let colleague: TCreatedUser;

  beforeAll(async () => {
    await callApi(env.server, 'PUT', '/admin/settings/admin', {
      token: seeded.adminToken,
      body: { approvalThreshold: '100' },
    });
    // The second pair of eyes: an accountant (staff need a second factor).
    colleague = await createUser(env, { firstName: 'Sam', lastName: 'Colleague', tfa: true });
    await callApi(env.server, 'PUT', `/admin/users/${await userIdByApi(env.server, colleague.token)}/role`, {
      token: seeded.adminToken,
      body: { role: 'accountant' },
    });
  });

  it('waits for a second member of staff, who approves it; the customer sees it', async () => {
    const page = await env.openPage({ token: seeded.adminToken });
    await page.goto(`/admin/users/${seeded.customerId}`);
    const form = page.getByTestId('balance-operation-form');
    await form.waitFor();
    await form.getByLabel('Kind').selectOption('bonus');
    await form.getByLabel('Amount (USD)').fill('0');
    await form.getByLabel('Reason').fill('Welcome bonus');
    await form.getByRole('button', { name: 'Review' }).click();
    await form.getByText('Amount must not be 0').waitFor();
    await form.getByLabel('Amount (USD)').fill('250');
    await form.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByTestId('balance-operation-dialog');
    await dialog.getByText(/Above the approval threshold/).waitFor();
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await expectToast(page, 'Sent for approval');

    await page.getByRole('link', { name: 'Balance' }).click();
    const row = page.getByRole('row', { name: /Welcome bonus/ });
    await row.getByText('Awaiting another member of staff').waitFor();
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    const colleaguePage = await env.openPage({ token: colleague.token });
    await colleaguePage.goto('/admin/balance-operations');
    const pending = colleaguePage.getByRole('row', { name: /Welcome bonus/ });
    await pending.getByRole('button', { name: 'Approve' }).click();
    await expectToast(colleaguePage, 'Balance operation approved');
    await colleaguePage.getByRole('tab', { name: 'Applied' }).click();
    await colleaguePage
      .getByRole('row', { name: /Welcome bonus/ })
      .getByText(/Decided by/)
      .waitFor();

    const customerPage = await env.openPage({ token: seeded.customer.token });
    await customerPage.goto('/dashboard/history');
    await customerPage.getByRole('radio', { name: 'Real' }).check();
    await customerPage.getByRole('cell', { name: 'Welcome bonus' }).waitFor();
    await customerPage.getByText('+250.00').first().waitFor();
  });

  it('looks right at 375 and 1440 px in both themes, with no accessibility violation', async () => {
    // A pending operation to show, asked for by the seeded administrator.
    await callApi(env.server, 'POST', `/admin/users/${seeded.customerId}/balance-operations`, {
      token: seeded.adminToken,
      body: { account: 'real', kind: 'correction', amount: '-150', reason: 'Duplicated deposit' },
    });
    // Each screen is loaded once and drawn in every variant (the page resized, its theme switched).
    const shot = await env.openPage({ token: colleague.token });
    await shot.goto('/admin/balance-operations');
    await settled(shot);
    await shot.getByRole('row', { name: /Duplicated deposit/ }).waitFor();
    expect(await shot.locator('h1').allTextContents()).toEqual(['Balance operations']);
    await inEachVariant(shot, async ({ theme, size }) => {
      await screenshot(shot, `admin-balance-operations-${size}-${theme}`);
      expect(await axeViolations(shot)).toEqual([]);
    });
    await shot.goto(`/admin/users/${seeded.customerId}`);
    await shot.getByTestId('balance-operation-form').waitFor();
    await settled(shot, 'form');
    await inEachVariant(shot, async ({ theme, size }) => {
      // From the top, as the screen opens: the form is brought into view at this width.
      await shot.evaluate(() => window.scrollTo(0, 0));
      await shot.getByTestId('balance-operation-form').scrollIntoViewIfNeeded();
      await screenshot(shot, `admin-balance-operation-form-${size}-${theme}`);
      expect(await axeViolations(shot)).toEqual([]);
    });
    const wallet = await env.openPage({ token: seeded.customer.token });
    await wallet.goto('/dashboard/wallet?tab=withdraw');
    await wallet.getByTestId('wallet-bonus').waitFor();
    await inEachVariant(wallet, async ({ theme, size }) => {
      await screenshot(wallet, `wallet-bonus-${size}-${theme}`);
    });
  });
});
