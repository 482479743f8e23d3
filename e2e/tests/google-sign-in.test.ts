import { OAuth2Server } from 'oauth2-mock-server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser';
import { callApi, uniqueEmail } from '../support/factories';
import { expectTitle, expectToast, waitForPath } from '../support/journey';
import { startMailbox, type TMailbox } from '../support/mailbox';
import { startServer, type TRunningServer } from '../support/server';

// Google sign-in end to end, without Google: the server's OpenID provider (GOOGLE_ISSUER) is a
// local mock, and Google's browser script (accounts.google.com/gsi/client) is replaced by a stand-in
// whose token client hands the app an access token at once, as Google's popup would.

const CLIENT_ID = 'trading-desk-e2e.apps.googleusercontent.com';
const GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

const FAKE_GSI_SCRIPT = `
window.google = {
  accounts: {
    oauth2: {
      initTokenClient: (config) => ({
        requestAccessToken: () =>
          setTimeout(() => config.callback({ access_token: 'e2e-access-token', token_type: 'Bearer', expires_in: 3599, scope: config.scope }), 0),
      }),
      initCodeClient: () => ({ requestCode: () => undefined }),
      hasGrantedAllScopes: () => true,
      hasGrantedAnyScope: () => true,
      revoke: () => undefined,
    },
    id: { initialize: () => undefined, prompt: () => undefined, renderButton: () => undefined, cancel: () => undefined, disableAutoSelect: () => undefined },
  },
};`;

let provider: OAuth2Server;
let mailbox: TMailbox;
let server: TRunningServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

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
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.stop();
  await provider?.stop();
});

/** From now on the provider vouches for this person. */
function providerSays(email: string) {
  provider.service.removeAllListeners('beforeUserinfo');
  provider.service.on('beforeUserinfo', (response) => {
    response.body = {
      sub: `google-${email}`,
      email,
      email_verified: true,
      given_name: 'Mary',
      family_name: 'Jackson',
    };
  });
}

async function openLogin(): Promise<Page> {
  const context = await newContext(browser, { baseURL: server.url });
  const page = await context.newPage();
  await page.route(`${GSI_SCRIPT_URL}*`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_GSI_SCRIPT }),
  );
  const response = await page.goto('/authentication/login');
  // Google's script and its sign-in frames come from accounts.google.com: the page's CSP must let
  // them in when a Google client is configured, or the button never works in a real browser.
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp.match(/script-src [^;]*/)?.[0], 'script-src of the page').toContain(
    'https://accounts.google.com',
  );
  await expectTitle(page, 'Log in');
  return page;
}

describe('Google sign-in', () => {
  it('publishes the client id, so the login screen offers Google', async () => {
    const { data } = await callApi<{ googleClientId: string | null }>(server, 'GET', '/settings/general');
    expect(data.googleClientId).toBe(CLIENT_ID);
  });

  it('signs a new person in with Google and opens the dashboard', async () => {
    const email = uniqueEmail('google');
    providerSays(email);
    const page = await openLogin();
    const button = page.getByRole('button', { name: 'Continue with Google' });
    // Enabled once Google's script has loaded (the page's CSP must allow accounts.google.com).
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('button')].some(
          (element) => element.textContent?.includes('Continue with Google') && !element.disabled,
        ),
      undefined,
      { timeout: 5_000 },
    );
    await button.click();
    await waitForPath(page, '/dashboard/home');
    await expectToast(page, 'Login successful');
    await page.getByRole('button', { name: 'Account', exact: true }).getByText('Mary').waitFor();
    await page.context().close();
  });
});
