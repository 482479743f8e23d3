import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, inEachVariant, screenshot } from '../support/browser';
import { callApi, createUser, signInByApi } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment, waitForPath } from '../support/journey';
import { addAuthenticator, addPasskey } from '../support/passkeys';

// Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain, as
// a laptop's fingerprint reader would answer): added under Security, then a sign-in without a
// password, and the second step of a password sign-in; another account cannot use it, and once
// removed it opens nothing. The page is served as http://localhost (a passkey needs a domain).

const env = useJourneyEnvironment({}, { isLocalhost: true });

/** Leaves the session on this device (as logging out does) and opens the login screen. */
async function toLogin(page: Page) {
  await page.evaluate(() => localStorage.removeItem('TOKEN'));
  await page.goto('/authentication/login');
  await expectTitle(page, 'Log in');
}

describe('passkeys', () => {
  it('sign in without a password, finish a password sign-in, and stop once removed', async () => {
    const user = await createUser(env, { firstName: 'Pia', lastName: 'Passkey' });
    const page = await env.openPage({ token: user.token });
    await addAuthenticator(page);
    await addPasskey(page, user, 'Laptop');
    // A new way in: the owner is told, in the app and by e-mail.
    const { data: notices } = await callApi<{ items: Array<{ message: string }> }>(
      env.server,
      'GET',
      '/notifications',
      {
        token: user.token,
      },
    );
    expect(notices.items.map((notice) => notice.message)).toContain('Passkey "Laptop" added to your account');
    await env.mailbox.waitForMail(user.email, /A passkey was added to your account/);

    // Without a password: the browser offers the passkey it holds for this site.
    await toLogin(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForPath(page, '/dashboard/home');
    await expectTitle(page, 'Dashboard');
    await page.goto('/dashboard/security');
    await page
      .getByRole('row', { name: /Laptop/ })
      .getByText('Never')
      .waitFor({ state: 'detached' });

    // With the password: the passkey is now the second step.
    await toLogin(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await waitForPath(page, '/authentication/tfaVerification');
    await page.getByRole('button', { name: 'Continue with your passkey' }).click();
    await waitForPath(page, '/dashboard/home');
    // The sign-in history says how each was made.
    const { data: logins } = await callApi<{ items: Array<{ outcome: string; detail: string | null }> }>(
      env.server,
      'GET',
      '/profile/logins',
      { token: user.token },
    );
    expect(logins.items.map((login) => login.detail)).toEqual(
      expect.arrayContaining(['With a passkey', 'Second step with a passkey']),
    );

    // Removed, it opens nothing, although the device still holds it.
    await page.goto('/dashboard/security');
    await expectTitle(page, 'Security');
    await page.getByRole('button', { name: 'Remove Laptop' }).click();
    await page.getByTestId('remove-passkey').getByRole('button', { name: 'Remove passkey' }).click();
    await expectToast(page, 'Passkey removed');
    await page.getByText('No passkeys.').waitFor();
    await toLogin(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectToast(page, 'This passkey could not be used. Try again, or sign in another way');
    expect(new URL(page.url()).pathname).toBe('/authentication/login');
    // And the password alone signs in again: no second step is left.
    const token = await signInByApi(env.server, user.email, user.password);
    expect(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).type).toBe('normal');
  });

  it("cannot finish another account's sign-in", async () => {
    const owner = await createUser(env, { firstName: 'Olga', lastName: 'Owner' });
    const other = await createUser(env, { firstName: 'Otto', lastName: 'Other', tfa: true });
    const page = await env.openPage({ token: owner.token });
    await addAuthenticator(page);
    await addPasskey(page, owner, 'Phone');

    // The owner's passkey answers a challenge of this site...
    const { data: options } = await callApi<{ challenge: string; rpId: string }>(
      env.server,
      'POST',
      '/auth/passkeys/signin/options',
    );
    const assertion = await page.evaluate(async ({ challenge, rpId }) => {
      const bytes = (text: string) =>
        Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
      const credential = (await navigator.credentials.get({
        publicKey: { challenge: bytes(challenge), rpId, userVerification: 'required' },
      })) as PublicKeyCredential;
      return credential.toJSON();
    }, options);
    // ...and is offered as the second step of the other account's password sign-in.
    const tfaToken = await signInByApi(env.server, other.email, other.password);
    const response = await fetch(`${env.server.url}/auth/passkeys/2fa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tfaToken}` },
      body: JSON.stringify({ response: assertion }),
    });
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBe(
      'This passkey could not be used. Try again, or sign in another way',
    );
    // The other account has no passkey to be asked for, and its sign-in is still waiting.
    const methods = await callApi<{ authenticatorApp: boolean; recoveryCode: boolean; passkey: boolean }>(
      env.server,
      'GET',
      '/auth/2fa/methods',
      {
        token: tfaToken,
      },
    );
    expect(methods.data).toEqual({ authenticatorApp: true, recoveryCode: true, passkey: false });
  });

  it('show under Security at both widths in both themes', async () => {
    const user = await createUser(env, { firstName: 'Sam', lastName: 'Screens' });
    const page = await env.openPage({ token: user.token });
    await addAuthenticator(page);
    await addPasskey(page, user, 'Work laptop');
    // Security as it opens on a device of its own (no authenticator, no toast), loaded once and drawn
    // in every variant (the page resized, its theme switched).
    const shot = await env.openScreen(user.token, '/dashboard/security', 'Security');
    const row = shot.getByRole('row', { name: /Work laptop/ });
    await row.waitFor();
    await inEachVariant(shot, async ({ theme, size, viewport }) => {
      // Scrolled to from the top, as when the screen opens (a phone's variant leaves it scrolled).
      await shot.evaluate(() => window.scrollTo(0, 0));
      await row.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(shot, viewport.width);
      await screenshot(shot, `passkeys-${size}-${theme}`);
    });
  });
});
