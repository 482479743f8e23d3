import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeFindings } from '../support/axe';
import { expectNoSidewaysScroll, inEachVariant, screenshot } from '../support/browser';
import { createUser, signInByApi, type TCreatedUser, turnOnTwoFactor } from '../support/factories';
import { expectTitle, useJourneyEnvironment, waitForPath } from '../support/journey';
import { addAuthenticator, addPasskey } from '../support/passkeys';
import { freshTotpCode } from '../support/totp';

// An account with a passkey and the authenticator app signs in with its password on a device that
// does not hold the passkey: the passkey is offered first, and "Use another way" lists the app's
// code and a recovery code, either of which finishes the sign-in. After a wrong code the focus
// stays in the emptied field. The page is served as http://localhost (a passkey needs a domain).

const env = useJourneyEnvironment({}, { isLocalhost: true });

/**
 * A user whose passkey lives in another browser (a context of its own, its authenticator there)
 * and who turned the authenticator app on after adding it.
 */
let user: TCreatedUser;
beforeAll(async () => {
  const created = await createUser(env, { firstName: 'Pavel', lastName: 'Elsewhere' });
  const laptop = await env.openPage({ token: created.token });
  await addAuthenticator(laptop);
  await addPasskey(laptop, created, 'Laptop');
  user = await turnOnTwoFactor(env.server, created);
}, 120_000);

/** A password sign-in on a new device (a fresh context, no authenticator) up to its second step. */
async function passwordOnAnotherDevice(): Promise<Page> {
  const phone = await env.openPage();
  await phone.goto('/authentication/login');
  await expectTitle(phone, 'Log in');
  await phone.getByLabel('Email').fill(user.email);
  await phone.getByLabel('Password', { exact: true }).fill(user.password);
  await phone.getByRole('button', { name: 'Log in', exact: true }).click();
  await waitForPath(phone, '/authentication/tfaVerification');
  await expectTitle(phone, 'Two-factor verification');
  return phone;
}

const isFocused = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((field) => field === document.activeElement);

/** "Use another way": the list of the other ways, open; the one named is chosen. */
async function chooseAnotherWay(page: Page, way: string) {
  const toggle = page.getByRole('button', { name: 'Use another way' });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await page
    .getByRole('list', { name: 'Other ways to confirm it is you' })
    .getByRole('button', { name: way })
    .click();
}

describe('the second step offers every factor the account has', () => {
  it('finishes with the app code on a device without the passkey, the focus kept after a wrong code', async () => {
    const phone = await passwordOnAnotherDevice();

    // The passkey first, with a way out.
    await phone.getByRole('button', { name: 'Continue with your passkey' }).waitFor();
    await phone.getByText('Your browser can also use a passkey from your phone').waitFor();
    await phone.getByRole('button', { name: 'Use another way' }).click();
    const ways = phone.getByRole('list', { name: 'Other ways to confirm it is you' });
    expect((await ways.getByRole('button').allTextContents()).map((text) => text.trim())).toEqual([
      'Enter a code from your authenticator app',
      'Enter a recovery code',
    ]);
    await ways.getByRole('button', { name: 'Enter a code from your authenticator app' }).click();
    await ways.waitFor({ state: 'detached' });

    // The app's field has the focus; a wrong code is refused, the field emptied and still focused.
    await expect.poll(() => isFocused(phone, 'Authentication code')).toBe(true);
    const right = await freshTotpCode(user.tfaSecret ?? '', user.usedTotpCodes);
    await phone.keyboard.type(right === '000000' ? '111111' : '000000');
    await phone.getByText('The code is incorrect').first().waitFor();
    expect(new URL(phone.url()).pathname).toBe('/authentication/tfaVerification');
    await expect.poll(() => phone.getByLabel('Authentication code').inputValue()).toBe('');
    await expect.poll(() => isFocused(phone, 'Authentication code')).toBe(true);
    // The passkey can still be chosen from here.
    await phone.getByRole('button', { name: 'Use another way' }).click();
    await ways.getByRole('button', { name: 'Use your passkey' }).waitFor();
    await phone.getByRole('button', { name: 'Use another way' }).click();
    await ways.waitFor({ state: 'detached' });

    // Typed straight on, no click: the right code finishes the sign-in.
    await phone.getByLabel('Authentication code').focus();
    await phone.keyboard.type(right);
    await waitForPath(phone, '/dashboard/home');
    await expectTitle(phone, 'Dashboard');
  }, 120_000);

  it('finishes with a recovery code, the focus kept after a wrong one', async () => {
    const phone = await passwordOnAnotherDevice();
    await phone.getByRole('button', { name: 'Continue with your passkey' }).waitFor();
    await chooseAnotherWay(phone, 'Enter a recovery code');

    await expect.poll(() => isFocused(phone, 'Recovery code')).toBe(true);
    await phone.keyboard.type('aaaaa-bbbbb');
    await phone.keyboard.press('Enter');
    await phone.getByText('The code is incorrect').first().waitFor();
    await expect.poll(() => phone.getByLabel('Recovery code').inputValue()).toBe('');
    await expect.poll(() => isFocused(phone, 'Recovery code')).toBe(true);

    await phone.keyboard.type(user.recoveryCodes?.[0] ?? '');
    await phone.keyboard.press('Enter');
    await waitForPath(phone, '/dashboard/home');
    await expectTitle(phone, 'Dashboard');
  }, 120_000);

  it('shows the other ways at both widths in both themes, axe clean', async () => {
    // One sign-in, its second step loaded once with the list open, then drawn in every variant
    // (the page resized, its theme switched).
    const tempToken = await signInByApi(env.server, user.email, user.password);
    const page = await env.openPage({ tempToken, tempEmail: user.email });
    await page.goto('/authentication/tfaVerification');
    await expectTitle(page, 'Two-factor verification');
    await page.getByRole('button', { name: 'Use another way' }).click();
    await page.getByRole('list', { name: 'Other ways to confirm it is you' }).waitFor();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `tfa-other-ways-${size}-${theme}`);
    });
  }, 180_000);

  it('goes Email, Password, then "Forgot password?" by keyboard on Log in', async () => {
    const page = await env.openPage();
    await page.goto('/authentication/login');
    await expectTitle(page, 'Log in');
    await page.getByLabel('Email').focus();
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      order.push(
        await page.evaluate(() => {
          const active = document.activeElement;
          const label = active?.id ? document.querySelector(`label[for="${active.id}"]`) : null;
          return (
            label?.textContent ??
            active?.getAttribute('aria-label') ??
            active?.textContent ??
            ''
          ).trim();
        }),
      );
    }
    // The password's own show/hide button sits inside its field, before the link beside its label.
    expect(order).toEqual(['Password', 'Show password', 'Forgot password?', 'Log in']);
  });
});
