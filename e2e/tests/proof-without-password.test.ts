import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { createUser } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment } from '../support/journey';
import { addAuthenticator } from '../support/passkeys';
import { freshTotpCode } from '../support/totp';

// An account without a password (as Google sign-in makes one) proves a change of who controls it
// with a code e-mailed to it: turning two-factor on and adding a passkey both ask for it, and the
// screen offers "E-mail me a code". A passkey needs a domain: the page is served as localhost.

const env = useJourneyEnvironment({}, { isPostgres: true, isLocalhost: true });

async function passwordlessUser() {
  const user = await createUser(env, { firstName: 'Gia', lastName: 'Google' });
  await env.database.clearPassword(user.email);
  return user;
}

/** Asks for a code with the form's button and types the one that arrives. */
async function emailCodeInto(page: Page, scope: Locator, email: string) {
  await scope.getByRole('button', { name: 'E-mail me a code' }).click();
  await expectToast(page, 'Please check your email for the security code');
  const mail = await env.mailbox.waitForMail(email, /security code/i);
  await scope.getByLabel('Code from the e-mail').fill(mail.code());
}

describe('proof by e-mail for an account without a password', () => {
  it('turns two-factor on with an e-mailed code', async () => {
    const user = await passwordlessUser();
    const page = await env.openScreen(user.token, '/dashboard/security', 'Security');
    await page.getByRole('button', { name: 'Enable' }).click();
    const setup = page.getByRole('form', { name: 'Set up two-factor' });
    const secret = ((await setup.locator('code').first().textContent()) ?? '').replace(/\s+/g, '');
    const used = new Set<string>();
    // No code from the e-mail yet: the form names that field and sends nothing.
    await setup.getByLabel('Authentication code').fill(await freshTotpCode(secret, used));
    await setup.getByText('Enter the code we e-mailed you').waitFor();
    await emailCodeInto(page, setup, user.email);
    await screenshot(page, 'security-tfa-setup-email-code-1440-dark');
    await setup.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expectToast(page, 'Two-factor enabled');
    expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
  });

  it('adds a passkey with an e-mailed code', async () => {
    const user = await passwordlessUser();
    const page = await env.openPage({ token: user.token });
    await addAuthenticator(page);
    await page.goto('/dashboard/security');
    await expectTitle(page, 'Security');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByTestId('add-passkey');
    await dialog.getByLabel('Name').fill('Phone');
    expect(await dialog.getByLabel('Current password').count()).toBe(0);
    await dialog.getByLabel('Code from the e-mail').fill('000000');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('The code is incorrect or has expired').waitFor();
    await emailCodeInto(page, dialog, user.email);
    await screenshot(page, 'passkeys-add-email-code-1440-dark');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expectToast(page, 'Passkey added');
    await page.getByRole('row', { name: /Phone/ }).waitFor();
  });
});
