import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { callApi, createUser } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment, waitForPath } from '../support/journey';

const env = useJourneyEnvironment();

describe('logout', () => {
  it('ends the session on the server, clears the browser and shows login a second later', async () => {
    const user = await createUser(env, { firstName: 'Radia', lastName: 'Perlman' });
    const page = await env.openScreen(user.token, '/dashboard/portfolio', 'Portfolio');

    const account = page.getByRole('button', { name: /^Account/ });
    await account.getByText('Radia').waitFor();
    await account.click();
    const menu = page.getByRole('menu', { name: /^Account/ });
    await menu.getByText(user.email).waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Profile',
      'Security',
      'Verification',
      'Notifications',
      'Support',
      'Log out',
    ]);
    await screenshot(page, 'account-menu-1440-dark');

    const logoutCall = page.waitForResponse((response) => response.url().endsWith('/auth/logout'));
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    expect((await logoutCall).status()).toBe(200);
    await expectToast(page, 'Logout successful');
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
    // Still on the dashboard for a moment (the toast reads), then the login screen.
    await waitForPath(page, '/authentication/login', 5_000);
    await expectTitle(page, 'Log in');

    // The token is dead on the server too, and the dashboard is closed to this browser.
    await expect(callApi(env.server, 'GET', '/profile', { token: user.token })).rejects.toThrow(/401/);
    await page.goto('/dashboard/home');
    await waitForPath(page, '/authentication/login');
  });

  it('sends a browser whose session was revoked elsewhere back to login', async () => {
    const user = await createUser(env);
    await callApi(env.server, 'POST', '/auth/logout', { token: user.token });
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/home');
    await waitForPath(page, '/authentication/login', 10_000);
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
  });

  it('opens Profile and Security from the account menu', async () => {
    const user = await createUser(env);
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/home');
    await page.getByRole('button', { name: /^Account/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await waitForPath(page, '/dashboard/profile');
    await expectTitle(page, 'Profile');
    await page.getByRole('button', { name: /^Account/ }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await waitForPath(page, '/dashboard/security');
    await expectTitle(page, 'Security');
  });
});
