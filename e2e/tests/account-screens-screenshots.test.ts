import { beforeAll, describe, it } from 'vitest';
import { expectNoSidewaysScroll, inEachVariant, screenshot } from '../support/browser';
import {
  callApi,
  createUser,
  DEFAULT_PASSWORD,
  signInByApi,
  signUpByApi,
  type TCreatedUser,
  type TPendingSignup,
} from '../support/factories';
import { expectTitle, useJourneyEnvironment } from '../support/journey';
import { openEmailVerification } from '../support/signup';

// Every account screen at a phone and a desktop width, in both themes, for review by eye
// (test-output/screenshots/). Each also checks that nothing overflows sideways.

const env = useJourneyEnvironment({}, { isShared: true });
let user: TCreatedUser;
let pending: TPendingSignup;
let tfaPending: { token: string; email: string };

beforeAll(async () => {
  user = await createUser(env, { firstName: 'Margaret', lastName: 'Hamilton' });
  await callApi(env.server, 'PUT', '/profile', {
    body: { phone: '+44 20 7946 0000', country: 'GB' },
    token: user.token,
  });
  // A second session, so the sessions table has a row to sign out.
  await callApi(env.server, 'POST', '/auth/signin', {
    body: { email: user.email, password: DEFAULT_PASSWORD },
  });
  pending = await signUpByApi(
    env.server,
    'pending',
    { firstName: 'Pending', lastName: 'User' },
    env.nextClientAddress?.(),
  );
  const tfaUser = await createUser(env, { tfa: true });
  tfaPending = {
    token: await signInByApi(env.server, tfaUser.email, tfaUser.password),
    email: tfaUser.email,
  };
});

describe('account screens', () => {
  // Each screen is loaded once and drawn in every variant (the page resized, its theme switched).
  it('captures signup', async () => {
    const page = await env.openPage();
    await page.goto('/authentication/signup?ref=TD7K2Q');
    await expectTitle(page, 'Create your account');
    await page.getByLabel('First name').fill('Margaret');
    await page.getByLabel('Last name').fill('Hamilton');
    await page.getByLabel('Email').fill('margaret.hamilton@gmail.com');
    await page.getByLabel('Password', { exact: true }).fill('Apollo11moon');
    await page.getByLabel('Password', { exact: true }).blur();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `signup-${size}-${theme}`, { fullPage: true });
    });
  });

  it('captures email verification', async () => {
    const page = await openEmailVerification(env, pending);
    await page.getByLabel('Verification code').fill('482');
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `email-verification-${size}-${theme}`);
    });
  });

  it('captures two-factor verification', async () => {
    const page = await env.openPage({ tempToken: tfaPending.token, tempEmail: tfaPending.email });
    await page.goto('/authentication/tfaVerification');
    await expectTitle(page, 'Two-factor verification');
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `tfa-verification-${size}-${theme}`);
    });
  });

  it('captures password reset', async () => {
    const page = await env.openPage({ tempEmail: user.email });
    await page.goto('/authentication/resetPassword');
    await expectTitle(page, 'Set a new password');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').or(page.getByText('Confirm your new password')).waitFor();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `reset-password-${size}-${theme}`, { fullPage: true });
    });
  });

  it('captures the profile', async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/profile');
    await expectTitle(page, 'Profile');
    await page.getByLabel('First name').waitFor();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `profile-${size}-${theme}`, { fullPage: true });
    });
  });

  it('captures security and the two-factor setup', async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/security');
    await expectTitle(page, 'Security');
    await page.getByRole('table', { name: 'Active sessions' }).getByText('This device').waitFor();
    await page.getByRole('table', { name: 'Login history' }).getByText('Success').first().waitFor();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `security-${size}-${theme}`, { fullPage: true });
    });
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await page.getByRole('form', { name: 'Set up two-factor' }).scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `security-tfa-setup-${size}-${theme}`);
    });
  });
});
