import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, inEachVariant, screenshot } from '../support/browser';
import {
  callApi,
  createUser,
  openPositionByApi,
  type TCreatedUser,
  uniqueEmail,
  verifyIdentityByApi,
} from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment } from '../support/journey';
import { signUpInBrowser } from '../support/signup';

// Refer a friend: the referrer copies their link from the Referral tab, a friend signs up through
// it in the browser, verifies their identity (level 2: only a verified friend earns the referrer
// anything), funds their real account and trades; the referrer sees the friend (masked) and the
// commission (20 % of the 0.05 % opening fee) on the Referral tab. Staff see the referral on the
// referrer's back-office page, with what links the two accounts, and claw the commission back.

const env = useJourneyEnvironment({}, { isPostgres: true, adminPrefix: 'admin' });

describe('referring a friend', () => {
  let referrer: TCreatedUser;

  beforeAll(async () => {
    referrer = await createUser(env, { firstName: 'Rosa', lastName: 'Referrer' });
  });

  // A whole journey (two browsers, sign-up, identity, a trade, eight screenshots, the back-office):
  // over a minute on a busy machine.
  it('shares the link; the friend signs up through it and trades; the referrer earns', {
    timeout: 150_000,
  }, async () => {
    const page = await env.openScreen(referrer.token, '/dashboard/referral', 'Referral');
    const link = page.getByTestId('referral-link');
    await page.waitForFunction(() =>
      (document.querySelector('[data-testid="referral-link"]') as HTMLInputElement | null)?.value.includes(
        'ref=',
      ),
    );
    const url = new URL(await link.inputValue());
    expect(url.pathname).toBe('/authentication/signup');
    const code = url.searchParams.get('ref') ?? '';
    expect(await page.getByTestId('referral-code').textContent()).toBe(code);
    await page.getByText('No one has joined through your link yet.').waitFor();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expectToast(page, 'Text copied successfully!');

    // The friend opens the link in their own browser.
    const friendPage = await env.openPage();
    const email = uniqueEmail('friend');
    await friendPage.goto(`${url.pathname}${url.search}`);
    await expectTitle(friendPage, 'Create your account');
    await friendPage.getByText(`Invited by code ${code}`).waitFor();
    const friendToken = await signUpInBrowser(friendPage, env.mailbox, email, {
      firstName: 'Grace',
      lastName: 'Hopper',
    });

    // Funded by a deposit, the friend opens $1,000 on the real account: fee $0.50, commission $0.10.
    await env.database.fundReal(email, 100_000n);
    const adminToken = await env.signInAdmin();
    await verifyIdentityByApi(env.server, friendToken, { level: 2, adminToken });
    const placed = await openPositionByApi(env.server, friendToken, {
      account: 'real',
      amount: '1000',
      leverage: 10,
    });
    expect(placed).toMatchObject({ status: 'act', fee: '0.50' });

    await page.reload();
    await expectTitle(page, 'Referral');
    await page.getByTestId('referral-count').getByText('1').waitFor();
    await page.getByTestId('referral-earned').getByText('0.10').waitFor();
    await page.getByRole('cell', { name: 'G**** H.' }).waitFor();
    await page.getByRole('cell', { name: '1,000.00' }).waitFor();
    const { data } = await callApi<{ earned: string; count: number }>(
      env.server,
      'GET',
      '/profile/referrals',
      {
        token: referrer.token,
      },
    );
    expect(data).toMatchObject({ count: 1, earned: '0.10' });

    // Loaded once, then drawn in every variant (the page resized, its theme switched).
    const shot = await env.openPage({ token: referrer.token });
    await shot.goto('/dashboard/referral');
    await shot.getByTestId('referral-earned').getByText('0.10').waitFor();
    await inEachVariant(shot, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(shot, viewport.width);
      await screenshot(shot, `referral-${size}-${theme}`, { fullPage: true });
    });

    // The back-office: the referrer's page lists the friend, flags what links them (both came
    // from this machine's address), and takes the commission back with a reason.
    const { data: me } = await callApi<{ id: string }>(env.server, 'GET', '/profile', {
      token: referrer.token,
    });
    const admin = await env.openPage({ token: adminToken });
    await admin.goto(`/admin/users/${me.id}`);
    const referrals = admin.getByRole('table', { name: 'Referrals', exact: true });
    await referrals.getByRole('cell', { name: email }).waitFor();
    await referrals.getByText('Same IP address').waitFor();
    const commissions = admin.getByRole('table', { name: 'Referral commissions earned' });
    await commissions.getByRole('cell', { name: '0.10' }).waitFor();
    await commissions.getByRole('button', { name: 'Claw back' }).click();
    const dialog = admin.getByTestId('clawback-dialog');
    await dialog.getByRole('button', { name: 'Claw back' }).click();
    await dialog.getByText('Give a reason').waitFor();
    await dialog.getByLabel('Reason').fill('A second account of the referrer');
    await dialog.getByRole('button', { name: 'Claw back' }).click();
    await expectToast(admin, 'Commission clawed back');
    await commissions.getByText('Clawed back 0.10, owed 0.00').waitFor();
    const after = await callApi<{ earned: string }>(env.server, 'GET', '/profile/referrals', {
      token: referrer.token,
    });
    expect(after.data.earned).toBe('0.00');

    const adminShot = await env.openPage({ token: adminToken });
    await adminShot.goto(`/admin/users/${me.id}`);
    await adminShot
      .getByRole('table', { name: 'Referral commissions earned' })
      .getByText(/Clawed back/)
      .waitFor();
    await inEachVariant(adminShot, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(adminShot, viewport.width);
      await screenshot(adminShot, `admin-user-referrals-${size}-${theme}`, { fullPage: true });
    });
  });
});
