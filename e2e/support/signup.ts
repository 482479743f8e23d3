import type { Page } from 'playwright-core';
import { DEFAULT_PASSWORD, type TPendingSignup, VERIFY_EMAIL_SUBJECT } from './factories';
import { expectTitle, type TJourneyEnvironment, type TOpenPageOptions, waitForPath } from './journey';
import type { TMailbox } from './mailbox';

// The signup screen driven as a person would: its form filled, and the whole signup through the
// code from the mail to the dashboard; and the verification screen of a sign-up made by the API.

/** Fills the signup form on `page` for `email` with the default password (Grace Hopper unless `name` says otherwise) and accepts the terms. */
export async function fillSignupForm(
  page: Page,
  email: string,
  name = { firstName: 'Grace', lastName: 'Hopper' },
) {
  await page.getByLabel('First name').fill(name.firstName);
  await page.getByLabel('Last name').fill(name.lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByLabel('Confirm password').fill(DEFAULT_PASSWORD);
  await page.getByLabel(/I accept the Terms of Use/).check();
}

/**
 * Signs up on the signup screen open on `page` as a person would: the form filled (`fillSignupForm`),
 * the code from the mail entered, the dashboard reached. The session token the app stored.
 */
export async function signUpInBrowser(
  page: Page,
  mailbox: TMailbox,
  email: string,
  name: { firstName: string; lastName: string },
): Promise<string> {
  await fillSignupForm(page, email, name);
  await page.getByRole('button', { name: 'Create account' }).click();
  await waitForPath(page, '/authentication/emailVerification');
  const mail = await mailbox.waitForMail(email, VERIFY_EMAIL_SUBJECT);
  await page.getByLabel('Verification code').fill(mail.code());
  await waitForPath(page, '/dashboard/home');
  return page.evaluate(() => localStorage.getItem('TOKEN') ?? '');
}

/**
 * The e-mail verification screen of `pending` (a sign-up through the API), as the browser that
 * signed up sees it; `options` as `openPage` takes them.
 */
export async function openEmailVerification(
  env: TJourneyEnvironment,
  pending: TPendingSignup,
  options: TOpenPageOptions = {},
): Promise<Page> {
  const page = await env.openPage({ ...options, tempToken: pending.token, tempEmail: pending.email });
  await page.goto('/authentication/emailVerification');
  await expectTitle(page, 'Verify your email');
  return page;
}
