import type { TStaffRole } from '@td/contracts/staff';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { inEachVariant, screenshot } from '../support/browser';
import { callApi, createUser, type TCreatedUser, userIdByApi } from '../support/factories';
import { expectTitle, expectToast, pathOf, settled, useJourneyEnvironment } from '../support/journey';

// Staff roles: each member of staff sees the back-office screens their role opens and no other,
// staff without a second factor are told to turn one on, and an administrator changes a role
// (confirmed, and in the audit log with the role of who did it).

const env = useJourneyEnvironment({}, { adminPrefix: 'admin' });

describe('staff roles in the back-office', () => {
  let adminToken: string;

  beforeAll(async () => {
    adminToken = await env.signInAdmin();
  });

  /** A new member of staff of `role`, made by the administrator (two-factor on unless told not). */
  const staffMember = async (role: TStaffRole, firstName: string, tfa = true) => {
    const person: TCreatedUser = await createUser(env, { firstName, lastName: 'Staff', tfa });
    const id = await userIdByApi(env.server, person.token);
    await callApi(env.server, 'PUT', `/admin/users/${id}/role`, { body: { role }, token: adminToken });
    return { ...person, id };
  };

  const tabsOf = async (page: import('playwright-core').Page) =>
    page.getByRole('navigation', { name: 'Back-office' }).getByRole('link').allTextContents();

  it('shows a dealer the dealing screens only, and tells them a screen outside their role is not theirs', async () => {
    const dealer = await staffMember('dealer', 'Dana');
    const page = await env.openPage({ token: dealer.token });
    await page.goto('/admin');
    await expectTitle(page, 'Users');
    expect(pathOf(page)).toBe('/admin/users');
    expect(await tabsOf(page)).toEqual(['Users', 'Orders', 'Risk', 'Pairs', 'Groups', 'Announcements']);

    // Users are read-only to a dealer: no suspend, role or delete.
    await page.goto(`/admin/users/${dealer.id}`);
    await page.getByTestId('admin-user-name').getByText('Dana Staff').waitFor();
    expect(await page.getByRole('button', { name: /Suspend|Change role|Delete user/ }).count()).toBe(0);

    await page.goto('/admin/settings');
    await page.getByText('Not available to your role').waitFor();
    await page.getByText('Your role (Dealer) does not open this screen.', { exact: false }).waitFor();
    const refused = await fetch(`${env.server.url}/admin/settings`, {
      headers: { authorization: `Bearer ${dealer.token}` },
    });
    expect(refused.status).toBe(403);
    await page.getByRole('link', { name: 'Go to Users' }).click();
    await expectTitle(page, 'Users');

    await page.getByRole('link', { name: 'Pairs' }).click();
    await expectTitle(page, 'Pairs');
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);

    // The account menu leads staff to the back-office.
    await page.goto('/dashboard/home');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Back-office' }).click();
    await expectTitle(page, 'Users');

    // Each screen is loaded once and drawn in every variant (the page resized, its theme switched).
    const shot = await env.openScreen(dealer.token, '/admin/pairs', 'Pairs');
    await settled(shot);
    await inEachVariant(shot, async ({ theme, size }) => {
      await screenshot(shot, `admin-dealer-pairs-${size}-${theme}`);
    });
    await shot.goto('/admin/settings');
    await shot.getByText('Not available to your role').waitFor();
    await inEachVariant(shot, async ({ theme, size }) => {
      await screenshot(shot, `admin-dealer-not-available-${size}-${theme}`);
    });
  });

  it('shows support the tickets and the users', async () => {
    const support = await staffMember('support', 'Sam');
    const page = await env.openPage({ token: support.token });
    await page.goto('/admin');
    await expectTitle(page, 'Users');
    expect(await tabsOf(page)).toEqual(['Users', 'Tickets', 'Announcements']);
    await page.getByRole('link', { name: 'Tickets' }).click();
    await expectTitle(page, 'Support tickets');
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    const shot = await env.openScreen(support.token, '/admin/tickets', 'Support tickets');
    await settled(shot);
    await inEachVariant(shot, async ({ theme, size }) => {
      await screenshot(shot, `admin-support-tickets-${size}-${theme}`);
    });
  });

  it('tells staff without a second factor to turn one on, and where', async () => {
    const newcomer = await staffMember('compliance', 'Cleo', false);
    const refused = await fetch(`${env.server.url}/admin/kyc`, {
      headers: { authorization: `Bearer ${newcomer.token}` },
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('SECOND_FACTOR_REQUIRED');

    const page = await env.openPage({ token: newcomer.token });
    await page.goto('/admin/kyc');
    await page.getByText('Turn on a second factor').waitFor();
    expect(await tabsOf(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    const shot = await env.openPage({ token: newcomer.token });
    await shot.goto('/admin');
    await shot.getByText('Turn on a second factor').waitFor();
    await inEachVariant(shot, async ({ theme, size }) => {
      await screenshot(shot, `admin-second-factor-${size}-${theme}`);
    });
    await page.getByRole('link', { name: 'Open security settings' }).click();
    await expect.poll(() => pathOf(page)).toBe('/dashboard/security');
  });

  it('lets an administrator change a role after confirming, written to the audit log with their role', async () => {
    const person = await createUser(env, { firstName: 'Rita', lastName: 'Role' });
    const personId = await userIdByApi(env.server, person.token);
    const page = await env.openPage({ token: adminToken });
    await page.goto(`/admin/users/${personId}`);
    await page.getByTestId('admin-user-name').getByText('Rita Role').waitFor();
    await page.getByTestId('user-role').getByLabel('Role').selectOption('accountant');
    await page.getByRole('button', { name: 'Change role' }).click();
    const dialog = page.getByTestId('user-role-dialog');
    await dialog.getByText('Rita Role goes from User to Accountant.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expectToast(page, 'User updated successfully');
    const { data: user } = await callApi<{ user: { role: string } }>(
      env.server,
      'GET',
      `/admin/users/${personId}`,
      {
        token: adminToken,
      },
    );
    expect(user.user.role).toBe('accountant');

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'user.role' }).first().waitFor();
    await page.getByText('role: User → Accountant').first().waitFor();
    expect(await page.getByTestId('audit-actor-role').first().textContent()).toBe('Administrator');
  });
});
