import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { createUser } from '../support/factories';
import { expectTitle, expectToast, pathOf, useJourneyEnvironment, waitForPath } from '../support/journey';
import { freshTotpCode } from '../support/totp';

const env = useJourneyEnvironment();

describe('two-factor sign-in', () => {
  it('turns two-factor on from Security, then asks for the app code at the next log in', async () => {
    const user = await createUser(env, { firstName: 'Joan', lastName: 'Clarke' });
    const page = await env.openScreen(user.token, '/dashboard/security', 'Security');

    // Enable: the panel shows a QR code and the setup key a person would type into their app.
    await page.getByRole('button', { name: 'Enable' }).click();
    const setup = page.getByRole('form', { name: 'Set up two-factor' });
    await setup.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = ((await setup.locator('code').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const usedCodes = new Set<string>();
    // A session alone is not enough: the password first. Without it, the code is not sent.
    await setup.getByLabel('Authentication code').fill(await freshTotpCode(secret, usedCodes));
    await setup.getByText('Enter your current password').waitFor();
    // A wrong one is refused under its field; the session stays (no trip to the log-in screen).
    await setup.getByLabel('Current password', { exact: true }).fill('Wrong#Pass99');
    await setup.getByRole('button', { name: 'Turn on two-factor' }).click();
    await setup.getByText('The password is incorrect').waitFor();
    expect(pathOf(page)).toBe('/dashboard/security');
    await screenshot(page, 'security-tfa-setup-proof-1440-dark');
    await setup.getByLabel('Current password', { exact: true }).fill(user.password);
    // The app's code is still there (it was right): only the password changed.
    await setup.getByRole('button', { name: 'Turn on two-factor' }).click();

    // The ten recovery codes show once; closing waits for the "saved" tick.
    await expectToast(page, 'Two-factor enabled');
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
    await screenshot(page, 'security-recovery-codes-1440-dark');
    const done = page.getByRole('button', { name: 'Done' });
    expect(await done.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Download .txt' }).waitFor();
    await page.getByLabel('I saved them').check();
    await done.click();
    await page.getByRole('button', { name: 'Disable' }).waitFor();
    expect(recoveryCodes.every((code) => code.length >= 10)).toBe(true);

    // Log out, then log in again: the password is no longer enough.
    await page.getByRole('button', { name: /^Account/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/authentication/login', 5_000);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await waitForPath(page, '/authentication/tfaVerification');
    await expectTitle(page, 'Two-factor verification');
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
    await page.getByLabel('Authentication code').fill(await freshTotpCode(secret, usedCodes));

    await waitForPath(page, '/dashboard/home');
    await expectToast(page, 'Login successful');
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeTruthy();
    expect(pathOf(page)).toBe('/dashboard/home');
  });

  it('logs in with a recovery code instead of the app', async () => {
    const user = await createUser(env, { tfa: true });
    const page = await env.openPage();
    await page.goto('/authentication/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/authentication/tfaVerification');

    // The app's code first; "Use another way" lists the recovery code.
    await page.getByLabel('Authentication code').waitFor();
    await page.getByRole('button', { name: 'Use another way' }).click();
    await page.getByRole('button', { name: 'Enter a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(user.recoveryCodes?.[0] ?? '');
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await waitForPath(page, '/dashboard/home');
    await expectTitle(page, 'Dashboard');
  });

  it('turns two-factor off with the password and a code from the app', async () => {
    const user = await createUser(env, { tfa: true });
    // The factory's session (from before activation) stays valid: no sign-in needed.
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/security');
    await page.getByRole('button', { name: 'Disable' }).click();
    const form = page.getByRole('form', { name: 'Turn off two-factor' });
    await form.getByRole('button', { name: 'Turn off two-factor' }).click();
    await form.getByText('Enter your password').waitFor();
    await form.getByText('Enter the 6-digit code from your app, or a recovery code').waitFor();
    await form.getByLabel('Current password', { exact: true }).fill('Wrong#Pass99');
    const codeField = form.getByLabel('Code from your authenticator app, or a recovery code');
    await codeField.fill(user.recoveryCodes?.[0] ?? '');
    await form.getByRole('button', { name: 'Turn off two-factor' }).click();
    // A wrong password is refused under its field, and spends no recovery code.
    await form.getByText('The password is incorrect').waitFor();
    await form.getByLabel('Current password', { exact: true }).fill(user.password);
    await codeField.fill(await freshTotpCode(user.tfaSecret ?? '', user.usedTotpCodes));
    await form.getByRole('button', { name: 'Turn off two-factor' }).click();
    await expectToast(page, 'Two-factor disabled');
    await page.getByRole('button', { name: 'Enable' }).waitFor();
  });

  it('sends a visitor without a pending sign-in back to log in', async () => {
    const page = await env.openPage();
    await page.goto('/authentication/tfaVerification');
    await expectTitle(page, 'Two-factor verification');
    await page.getByRole('link', { name: 'Go to log in' }).click();
    await waitForPath(page, '/authentication/login');
  });
});
