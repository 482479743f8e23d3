import type { CDPSession, Page } from 'playwright-core';
import type { TCreatedUser } from './factories';
import { expectTitle, expectToast } from './journey';

// Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain, as
// a laptop's fingerprint reader would answer). A page served as http://localhost only: a passkey
// needs a domain (`useJourneyEnvironment(…, { isLocalhost: true })`).

/** A platform authenticator that keeps passkeys and verifies its user, in this page. */
export async function addAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

/**
 * Adds a passkey named `name` under Security, from a signed-in page with an authenticator (the
 * account without two-factor); a wrong password is refused first.
 */
export async function addPasskey(page: Page, user: TCreatedUser, name: string) {
  await page.goto('/dashboard/security');
  await expectTitle(page, 'Security');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByTestId('add-passkey');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Current password').fill('wrong password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByText('The password is incorrect').waitFor();
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'Passkey added');
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByText('Never')
    .waitFor();
}
