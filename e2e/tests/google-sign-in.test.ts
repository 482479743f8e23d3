import { OAuth2Server } from 'oauth2-mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, VIEWPORTS } from '../support/browser';
import { callApi, uniqueEmail } from '../support/factories';
import { expectTitle, expectToast, waitForPath, workerBrowser } from '../support/journey';
import { startMailbox, type TMailbox } from '../support/mailbox';
import { startServer, type TRunningServer } from '../support/server';

// Google sign-in end to end, without Google: the server's OpenID provider (GOOGLE_ISSUER) is a
// local mock whose authorization endpoint sends the browser straight back with a code, as Google
// does once the person has chosen an account. The page runs no script of Google's: the button
// goes to the server, which binds the flow (state, PKCE verifier, nonce) to this browser with a
// cookie and redirects to the provider; the provider returns to the web app's callback screen.

const CLIENT_ID = 'trading-desk-e2e.apps.googleusercontent.com';
const CALLBACK_PATH = '/authentication/googleCallback';

let provider: OAuth2Server;
let mailbox: TMailbox;
let server: TRunningServer;
let browser: Browser;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  mailbox = await startMailbox();
  server = await startServer({
    env: {
      SMTP_URL: mailbox.smtpUrl,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'e2e-client-secret',
      GOOGLE_ISSUER: provider.issuer.url ?? '',
    },
    template: inject('dataTemplate'),
    // The provider returns the browser to PUBLIC_URL, which names the server `localhost`.
    hostName: 'localhost',
  });
  browser = await workerBrowser();
});

afterAll(async () => {
  // A context a failed test left open ends with the file (the worker's Chromium goes on).
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  await server?.stop();
  await mailbox?.stop();
  await provider?.stop();
});

/** The person the provider signs the next ID tokens for (the flow's nonce is kept). */
function nextPerson(email: string) {
  provider.service.removeAllListeners('beforeTokenSigning');
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, {
      sub: `google-${email}`,
      email,
      email_verified: true,
      given_name: 'Mary',
      family_name: 'Jackson',
    });
  });
}

async function openLogin(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
  const context = await newContext(browser, { baseURL: server.url, viewport });
  const page = await context.newPage();
  const response = await page.goto('/authentication/login');
  // No script of Google's is let into the page any more.
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp.match(/script-src [^;]*/)?.[0], 'script-src of the page').not.toContain('google.com');
  await expectTitle(page, 'Log in');
  return page;
}

describe('Google sign-in', () => {
  it('publishes the client id, so the login screen offers Google', async () => {
    const { data } = await callApi<{ googleClientId: string | null }>(server, 'GET', '/settings/general');
    expect(data.googleClientId).toBe(CLIENT_ID);
  });

  it('signs a new person in through Google and opens the dashboard', async () => {
    nextPerson(uniqueEmail('google'));
    const mobile = await openLogin(VIEWPORTS.mobile);
    await mobile.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await screenshot(mobile, 'google-sign-in-login-mobile');
    await mobile.context().close();
    const page = await openLogin();
    const button = page.getByRole('button', { name: 'Continue with Google' });
    // Keyboard: the button is reachable and starts the flow like a click.
    await button.focus();
    const backAtCallback = page.waitForURL((url) => url.pathname === CALLBACK_PATH);
    await page.keyboard.press('Enter');
    await backAtCallback;
    await waitForPath(page, '/dashboard/home');
    await expectToast(page, 'Login successful');
    await page
      .getByRole('button', { name: /^Account/ })
      .getByText('Mary')
      .waitFor();
    // The callback address, with its code, is not left in the history.
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe(CALLBACK_PATH);
    await page.context().close();
  });

  it('refuses a code that came back to another browser', async () => {
    nextPerson(uniqueEmail('leaked'));
    // The owner's browser goes through Google; the address it is sent back to (code and state)
    // leaks, and the owner lands on the login screen instead, the code unused.
    const owner = await openLogin();
    let leakedUrl = '';
    provider.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
      leakedUrl = redirect.url.href;
      redirect.url.pathname = '/authentication/login';
      redirect.url.search = '';
    });
    await owner.getByRole('button', { name: 'Continue with Google' }).click();
    await expect.poll(() => leakedUrl).toContain('code=');
    expect(new URL(leakedUrl).pathname).toBe(CALLBACK_PATH);

    // Someone else opens that very address in their own browser: no flow of theirs matches it.
    const other = await openLogin();
    await other.goto(new URL(leakedUrl).pathname + new URL(leakedUrl).search);
    await expectToast(other, 'Google sign-in failed, please try again');
    await waitForPath(other, '/authentication/login');
    await other.context().close();
    await owner.context().close();
  });

  it('returns to the login screen when the person cancels at Google', async () => {
    const page = await openLogin();
    await page.goto(`${CALLBACK_PATH}?error=access_denied`);
    await expectToast(page, 'Google sign-in failed, please try again');
    await waitForPath(page, '/authentication/login');
    await page.context().close();
  });
});
