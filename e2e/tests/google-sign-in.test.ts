import { OAuth2Server } from 'oauth2-mock-server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser';
import { callApi, uniqueEmail } from '../support/factories';
import { expectTitle, expectToast, waitForPath } from '../support/journey';
import { startMailbox, type TMailbox } from '../support/mailbox';
import { startServer, type TRunningServer } from '../support/server';

// Google sign-in end to end, without Google: the server's OpenID provider (GOOGLE_ISSUER) is a
// local mock, and Google's browser script (accounts.google.com/gsi/client) is replaced by a stand-in
// whose button hands the page an ID token, as Google's would. The test has the mock provider sign
// that token for the nonce the page gave Google, as Google signs it for the nonce it was given.

const CLIENT_ID = 'trading-desk-e2e.apps.googleusercontent.com';
const GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

declare global {
  interface Window {
    /** What the page gave Google's `initialize` (its nonce, its callback). */
    __gsiConfig?: { nonce?: string; callback: (response: { credential: string; select_by: string }) => void };
    /** The ID token the stand-in button hands over: set by the test. */
    __gsiIdToken?: string;
  }
}

const FAKE_GSI_SCRIPT = `
window.google = {
  accounts: {
    id: {
      initialize: (config) => { window.__gsiConfig = config; },
      renderButton: (parent, options) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = options.text === 'continue_with' ? 'Continue with Google' : 'Sign in with Google';
        button.addEventListener('click', () =>
          window.__gsiConfig.callback({ credential: window.__gsiIdToken, select_by: 'btn' }),
        );
        parent.replaceChildren(button);
      },
      prompt: () => undefined,
      cancel: () => undefined,
      disableAutoSelect: () => undefined,
    },
    oauth2: {
      initTokenClient: () => ({ requestAccessToken: () => undefined }),
      initCodeClient: () => ({ requestCode: () => undefined }),
      hasGrantedAllScopes: () => true,
      hasGrantedAnyScope: () => true,
      revoke: () => undefined,
    },
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
    template: inject('dataTemplate'),
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.stop();
  await provider?.stop();
});

/** Google's ID token for this person, made for our client id and the nonce the page gave Google. */
function idTokenFor(email: string, nonce: string): Promise<string> {
  return provider.issuer.buildToken({
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, {
        aud: CLIENT_ID,
        nonce,
        sub: `google-${email}`,
        email,
        email_verified: true,
        given_name: 'Mary',
        family_name: 'Jackson',
      });
    },
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
    const page = await openLogin();
    const button = page.getByRole('button', { name: 'Continue with Google' });
    // Drawn by Google's script once it has loaded (the page's CSP must allow accounts.google.com)
    // and the server has given this browser its nonce.
    await button.waitFor({ timeout: 5_000 });
    const nonce = await page.evaluate(() => window.__gsiConfig?.nonce ?? '');
    expect(nonce).toMatch(/^[\w-]{43}$/);
    const idToken = await idTokenFor(email, nonce);
    await page.evaluate((token) => {
      window.__gsiIdToken = token;
    }, idToken);
    await button.click();
    await waitForPath(page, '/dashboard/home');
    await expectToast(page, 'Login successful');
    await page.getByRole('button', { name: 'Account', exact: true }).getByText('Mary').waitFor();
    await page.context().close();
  });

  it('refuses an ID token whose nonce this browser was not given', async () => {
    const page = await openLogin();
    const button = page.getByRole('button', { name: 'Continue with Google' });
    await button.waitFor({ timeout: 5_000 });
    const idToken = await idTokenFor(uniqueEmail('replayed'), 'a-nonce-from-another-browser');
    await page.evaluate((token) => {
      window.__gsiIdToken = token;
    }, idToken);
    await button.click();
    await expectToast(page, 'Google sign-in failed, please try again');
    expect(new URL(page.url()).pathname).toBe('/authentication/login');
    // A fresh nonce is fetched and the button drawn again for the next attempt.
    await button.waitFor({ timeout: 5_000 });
    await page.context().close();
  });
});
