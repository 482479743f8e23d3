import { describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, screenshot, VIEWPORTS } from '../support/browser';
import {
  callApi,
  createUser,
  DEFAULT_PASSWORD,
  signUpByApi,
  uniqueEmail,
  VERIFY_EMAIL_SUBJECT,
} from '../support/factories';
import { expectTitle, expectToast, pathOf, useJourneyEnvironment, waitForPath } from '../support/journey';
import { fillSignupForm, openEmailVerification } from '../support/signup';

const env = useJourneyEnvironment();

describe('signup', () => {
  it('signs up with a referral link, takes the code from the mail and lands on the dashboard', async () => {
    const referrer = await createUser(env);
    const { data: referrerProfile } = await callApi<{ referralCode: string }>(env.server, 'GET', '/profile', {
      token: referrer.token,
    });
    const referralCode = referrerProfile.referralCode;
    const page = await env.openPage();
    const local = uniqueEmail('new').split('@')[0] ?? 'newuser';
    // Typed with dots and capitals: gmail ignores dots, and addresses are lower-cased before sending.
    const typed = `${local.slice(0, 3)}.${local.slice(3)}@Gmail.com`;
    const normalized = `${local}@gmail.com`;

    await page.goto(`/authentication/signup?ref=${referralCode.toLowerCase()}`);
    await expectTitle(page, 'Create your account');
    await page.getByText(`Invited by code ${referralCode.toUpperCase()}`).waitFor();

    // The form checks itself before anything is sent.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter your first name').waitFor();
    await page.getByText('Accept the terms to open an account').waitFor();
    expect(pathOf(page)).toBe('/authentication/signup');

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(typed);
    await page.getByText(`your account will use ${normalized}`).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('weak');
    const meter = page.getByRole('meter', { name: 'Password strength' });
    await meter.filter({ hasText: 'Poor' }).waitFor();
    // The meter agrees with the rules: a mix the levels call good or excellent is not praised when the
    // form would refuse it, too short or too common.
    await page.getByLabel('Password', { exact: true }).fill('Abcde1');
    await meter.filter({ hasText: 'Poor' }).waitFor();
    await page.getByText('Password must be at least 8 characters').first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Password1');
    await meter.filter({ hasText: 'Poor' }).waitFor();
    await page.getByText('This password is too common', { exact: false }).first().waitFor();
    await screenshot(page, 'signup-common-password-1440-dark');
    await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
    await meter.filter({ hasText: 'Perfect' }).waitFor();
    await page.getByLabel('Confirm password').fill(`${DEFAULT_PASSWORD}x`);
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm password').fill(DEFAULT_PASSWORD);
    // The terms and the privacy policy are real pages, opened beside the form.
    const [terms] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Terms of Use' }).click(),
    ]);
    await terms.getByRole('heading', { name: 'Terms of Use', level: 1 }).waitFor();
    await terms.getByRole('heading', { name: '3. The risk of trading' }).waitFor();
    await terms.getByRole('link', { name: 'Privacy Policy' }).click();
    await terms.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await terms.close();
    await page.getByLabel(/I accept the Terms of Use/).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // One toast per event: none for the signup itself, which is not done until the e-mail is verified.
    await waitForPath(page, '/authentication/emailVerification');
    await expectTitle(page, 'Verify your email');
    await page.getByText(normalized, { exact: true }).waitFor();
    await page.getByRole('button', { name: /Resend code in 0:\d\d/ }).waitFor();
    expect(await page.getByText('Signup successful').count()).toBe(0);

    const mail = await env.mailbox.waitForMail(normalized, VERIFY_EMAIL_SUBJECT);
    // The six digits complete the code and send it; no click needed.
    await page.getByLabel('Verification code').fill(mail.code());

    await waitForPath(page, '/dashboard/home');
    // The toast shows as the verification ends; the screen once it has what it lays out.
    await expectToast(page, 'Email verified');
    await expectTitle(page, 'Dashboard');
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeTruthy();
    // The header greets the new user from GET /profile.
    await page
      .getByRole('button', { name: /^Account/ })
      .getByText('Grace')
      .waitFor();
  });

  it('lets the user go on without a referral code the server refuses', async () => {
    const page = await env.openPage();
    const email = uniqueEmail('noref');
    await page.goto('/authentication/signup?ref=NOSUCHCODE');
    await fillSignupForm(page, email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').getByText('NOSUCHCODE').waitFor();
    expect(pathOf(page)).toBe('/authentication/signup');
    await page.getByRole('button', { name: 'Sign up without a code' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/authentication/emailVerification');

    // A reload keeps the pending sign-up: the same address, the code form.
    await page.getByText(email, { exact: true }).waitFor();
    await page.reload();
    await expectTitle(page, 'Verify your email');
    await page.getByText(email, { exact: true }).waitFor();
    await page.getByLabel('Verification code').waitFor();

    // "Sign up again" (a mistyped address) drops it: the verification screen no longer offers it.
    await page.getByRole('link', { name: 'Sign up again' }).click();
    await expectTitle(page, 'Create your account');
    await page.goto('/authentication/emailVerification');
    await page.getByText('There is no email address waiting for verification in this browser.').waitFor();
  });

  it('pastes a code with a space, and says so when the code is wrong', async () => {
    const pending = await signUpByApi(env.server, 'paste', { firstName: 'Alan', lastName: 'Turing' });
    const page = await openEmailVerification(env, pending);

    const mail = await env.mailbox.waitForMail(pending.email, VERIFY_EMAIL_SUBJECT);
    const wrong = mail.code() === '000000' ? '111111' : '000000';
    await page.getByLabel('Verification code').fill(wrong);
    // The server's refusal is said under the field, which is emptied and keeps the focus: the next
    // code is typed at once.
    await page.getByText('The code is incorrect or has expired').first().waitFor();
    expect(pathOf(page)).toBe('/authentication/emailVerification');
    await expect.poll(() => page.getByLabel('Verification code').inputValue()).toBe('');
    expect(await page.getByLabel('Verification code').getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.getByLabel('Verification code').evaluate((field) => field === document.activeElement))
      .toBe(true);
    // The toast that says it too sits clear of the form.
    const toastBox = await page
      .locator('[role="status"]', { hasText: 'The code is incorrect or has expired' })
      .first()
      .boundingBox();
    const formBox = await page.locator('form').first().boundingBox();
    if (!toastBox || !formBox) throw new Error('the toast or the form is not on screen');
    expect(toastBox.y + toastBox.height <= formBox.y || toastBox.y >= formBox.y + formBox.height).toBe(true);
    await screenshot(page, 'email-verification-wrong-code-1440-dark');

    // Pasted straight away, without a click (the focus is still in the field), as it often reads
    // in a mail client, "123 456": the space is forgiven.
    const code = mail.code();
    await page.keyboard.insertText(`${code.slice(0, 3)} ${code.slice(3)}`);
    await waitForPath(page, '/dashboard/home');
  });

  it('verifies from the link in the mail', async () => {
    const { email } = await signUpByApi(env.server, 'link', { firstName: 'Katherine', lastName: 'Johnson' });
    const mail = await env.mailbox.waitForMail(email, VERIFY_EMAIL_SUBJECT);
    const link = new URL(mail.link('emailVerification'));
    expect(link.pathname).toBe('/authentication/emailVerification');
    expect(link.searchParams.get('token')).toBeTruthy();

    // A different browser than the one that signed up: the link verifies the address, and opens no
    // session there (it proves the mailbox, not who chose the password).
    const page = await env.openPage();
    await page.goto(`${link.pathname}${link.search}`);
    await expectTitle(page, 'Email verified');
    await page.getByRole('link', { name: 'Go to log in' }).waitFor();

    // Used once, the link is dead: the screen says so and offers the way to a new code.
    const again = await env.openPage();
    await again.goto(`${link.pathname}${link.search}`);
    await expectTitle(again, 'This link did not work');
    await again.getByRole('link', { name: 'Log in to get a new code' }).waitFor();
  });

  it('explains what to do when there is nothing to verify', async () => {
    const page = await env.openPage();
    await page.goto('/authentication/emailVerification');
    await expectTitle(page, 'Verify your email');
    await page.getByText('There is no email address waiting for verification in this browser.').waitFor();
    await page.getByRole('link', { name: 'Go to log in' }).click();
    await waitForPath(page, '/authentication/login');
  });

  for (const [size, viewport, theme] of [
    ['375', VIEWPORTS.mobile, 'light'],
    ['1440', VIEWPORTS.desktop, 'dark'],
  ] as const) {
    it(`reads the Terms of Use and the Privacy Policy at ${size} px`, async () => {
      const page = await env.openPage({ viewport, theme });
      for (const [path, title] of [
        ['/legal/terms', 'Terms of Use'],
        ['/legal/privacy', 'Privacy Policy'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        expect(await page.title()).toContain(title);
        await expectNoSidewaysScroll(page, viewport.width);
        await screenshot(page, `legal-${path.split('/')[2]}-${size}-${theme}`, { fullPage: size === '375' });
      }
    });
  }
});
