import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../support/browser';
import { DEFAULT_PASSWORD, signUpByApi, VERIFY_EMAIL_SUBJECT } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment, waitForPath } from '../support/journey';

const env = useJourneyEnvironment();

/** A sign-up through the API (as someone else might do with this address), and its mailed link. */
async function signupWithLink() {
  const { email, token } = await signUpByApi(env.server, 'link', { firstName: 'Grace', lastName: 'Hopper' });
  const mail = await env.mailbox.waitForMail(email, VERIFY_EMAIL_SUBJECT);
  const link = new URL(mail.link('/authentication/emailVerification'));
  return { email, signupToken: token, path: `${link.pathname}${link.search}` };
}

describe('the e-mailed verification link', () => {
  it('verifies the address in another browser without signing in, and the password then asks for the code', async () => {
    const { email, path } = await signupWithLink();
    const page = await env.openPage({ viewport: VIEWPORTS.mobile });
    await page.goto(path);
    await expectTitle(page, 'Email verified');
    await page.getByText('Log in to continue.').waitFor();
    await screenshot(page, 'email-link-verified-mobile');
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();

    await page.getByRole('link', { name: 'Go to log in' }).click();
    await expectTitle(page, 'Log in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // The password alone does not open the account: the code mailed to the address does.
    await waitForPath(page, '/authentication/emailVerification');
    const code = (await env.mailbox.waitForMail(email, /confirm your sign-in/i)).code();
    // The six digits complete the code and send it.
    await page.getByLabel('Verification code').fill(code);
    await waitForPath(page, '/dashboard/home');
  });

  it('signs in when opened in the browser that signed up', async () => {
    const { email, signupToken, path } = await signupWithLink();
    const page = await env.openPage({ tempToken: signupToken, tempEmail: email });
    await page.goto(path);
    await waitForPath(page, '/dashboard/home');
    await expectToast(page, 'Email verified');
  });
});
