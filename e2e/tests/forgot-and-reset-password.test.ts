import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { createUser, RESET_PASSWORD_SUBJECT } from '../support/factories';
import { expectTitle, expectToast, pathOf, useJourneyEnvironment, waitForPath } from '../support/journey';

const env = useJourneyEnvironment();
const NEW_PASSWORD = 'N3w!Password2026';

describe('password reset', () => {
  it('resets a forgotten password with the mailed code and logs in with the new one', async () => {
    const user = await createUser(env, { firstName: 'Hedy', lastName: 'Lamarr' });
    const page = await env.openPage();
    await page.goto('/authentication/login');
    // By keyboard, the password follows the address: "Forgot password?" comes after it.
    await page.getByLabel('Email').focus();
    await page.keyboard.press('Tab');
    expect(
      await page
        .getByLabel('Password', { exact: true })
        .evaluate((field) => field === document.activeElement),
    ).toBe(true);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/authentication/forgotPassword');
    await expectTitle(page, 'Forgot your password?');

    await page.getByLabel('Email').fill(user.email.toUpperCase());
    await page.getByRole('button', { name: 'Send verification code' }).click();
    await expectToast(page, 'Please check your email for the verification code');
    await waitForPath(page, '/authentication/resetPassword');
    await expectTitle(page, 'Set a new password');
    await page.getByText(user.email, { exact: true }).waitFor();

    const mail = await env.mailbox.waitForMail(user.email, RESET_PASSWORD_SUBJECT);
    await page.getByLabel('Verification code').fill(mail.code());
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('meter', { name: 'Password strength' }).filter({ hasText: 'Perfect' }).waitFor();
    await page.getByLabel('Confirm new password').fill('something else');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').press('Enter');

    await waitForPath(page, '/authentication/login');
    await expectToast(page, 'Password reset successful');

    // The old password is refused; the new one opens the dashboard.
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectToast(page, 'Email or password is incorrect');
    expect(pathOf(page)).toBe('/authentication/login');

    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/dashboard/home');
    await expectTitle(page, 'Dashboard');
  });

  it('removes two-factor turned on within the day, when the owner asks, and logs in without it', async () => {
    // Someone with a borrowed session turned two-factor on: the owner takes the account back.
    const user = await createUser(env, { firstName: 'Grace', lastName: 'Hopper', tfa: true });
    const page = await env.openPage();
    await page.goto('/authentication/forgotPassword');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send verification code' }).click();
    await waitForPath(page, '/authentication/resetPassword');
    const mail = await env.mailbox.waitForMail(user.email, RESET_PASSWORD_SUBJECT);
    await page.getByLabel('Verification code').fill(mail.code());
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    const remove = page.getByRole('checkbox', { name: /Also turn two-factor authentication off/ });
    await remove.check();
    await page.getByText('Only within 24 hours of two-factor being turned on', { exact: false }).waitFor();
    await screenshot(page, 'reset-password-remove-tfa-1440-dark');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await waitForPath(page, '/authentication/login');
    await expectToast(page, 'Password reset successful');

    // The new password alone opens the dashboard: no second step is left.
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/dashboard/home');
    await expectTitle(page, 'Dashboard');
  });

  it('asks for the address when the reset screen is opened directly', async () => {
    const page = await env.openPage();
    await page.goto('/authentication/resetPassword');
    await expectTitle(page, 'Set a new password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Enter your email address').waitFor();
    await page.getByText('Enter the 6-digit code').waitFor();
  });
});
