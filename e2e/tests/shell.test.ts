import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectNoSidewaysScroll,
  inEachVariant,
  newContext,
  screenshot,
  type TTheme,
  VIEWPORTS,
  watchCspViolations,
} from '../support/browser';
import { createUser, signInByApi, type TCreatedUser } from '../support/factories';
import { expectTitle, pathOf, waitForPath, workerBrowser } from '../support/journey';
import { startMailbox, type TMailbox } from '../support/mailbox';
import { startServer, type TRunningServer } from '../support/server';

// The dashboard loads the signed-in user (GET /profile) and sends anyone whose token the server
// refuses back to login, so the shell runs as a real user, made through the public API.

const TABS = [
  { name: 'Dashboard', path: '/dashboard/home' },
  { name: 'Trade', path: '/dashboard/trade' },
  { name: 'Portfolio', path: '/dashboard/portfolio' },
  { name: 'Market', path: '/dashboard/market' },
  { name: 'History', path: '/dashboard/history' },
  { name: 'Referral', path: '/dashboard/referral' },
] as const;

let server: TRunningServer;
let mailbox: TMailbox;
let browser: Browser;
let user: TCreatedUser;
/** The user's session token: valid for every test (the logout test signs in on its own). */
let token: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({ env: { SMTP_URL: mailbox.smtpUrl }, template: inject('dataTemplate') });
  browser = await workerBrowser();
  user = await createUser({ server, mailbox }, { firstName: 'Shell', lastName: 'Tester' });
  token = user.token;
});

afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function openPage(options: {
  token?: string;
  theme?: TTheme;
  colorScheme?: TTheme;
  viewport?: { width: number; height: number };
}) {
  const context = await newContext(browser, { baseURL: server.url, ...options });
  contexts.push(context);
  return context.newPage();
}

const htmlTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

describe('routing', () => {
  it.each<[name: string, signedIn: boolean, from: string, to: string, title?: string]>([
    [
      'sends a visitor without a token from / to the login screen',
      false,
      '/',
      '/authentication/login',
      'Log in',
    ],
    [
      'keeps a visitor without a token out of the dashboard',
      false,
      '/dashboard/portfolio',
      '/authentication/login',
    ],
    [
      'opens /dashboard at the Dashboard tab when a token is stored',
      true,
      '/dashboard',
      '/dashboard/home',
      'Dashboard',
    ],
    ['redirects an unknown path to the dashboard', true, '/no/such/page', '/dashboard/home', 'Dashboard'],
    [
      'redirects an unknown path to login when there is no token',
      false,
      '/dashboard/no-such-tab',
      '/authentication/login',
    ],
  ])('%s', async (_name, signedIn, from, to, title) => {
    const page = await openPage(signedIn ? { token } : {});
    await page.goto(from);
    await waitForPath(page, to);
    if (title) await expectTitle(page, title);
  });

  it('opens each of the six tabs by clicking it', async () => {
    const page = await openPage({ token });
    await page.goto('/dashboard/home');
    await expectTitle(page, 'Dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Visit them in reverse so every click changes the screen, Dashboard last.
    for (const tab of [...TABS].reverse()) {
      await nav.getByRole('link', { name: tab.name, exact: true }).click();
      await waitForPath(page, tab.path);
      await expectTitle(page, tab.name);
      expect(await nav.getByRole('link', { name: tab.name, exact: true }).getAttribute('aria-current')).toBe(
        'page',
      );
    }
  });

  it('moves the tabs to a bottom bar below 768 px, and they still navigate', async () => {
    const page = await openPage({ token, viewport: VIEWPORTS.mobile });
    await page.goto('/dashboard/home');
    await expectTitle(page, 'Dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const box = await nav.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(VIEWPORTS.mobile.height, 0);
    await nav.getByRole('link', { name: 'Market', exact: true }).click();
    await waitForPath(page, '/dashboard/market');
    await expectTitle(page, 'Market');
  });

  it('opens a fresh page load at the top after another page was scrolled', async () => {
    const page = await openPage({ token, viewport: VIEWPORTS.mobile });
    await page.goto('/dashboard/home');
    await expectTitle(page, 'Dashboard');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    // A new load of another page (not a move within the app).
    await page.goto('/dashboard/history');
    await expectTitle(page, 'History');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('opens every authentication route in the same card layout', async () => {
    const page = await openPage({});
    const screens = [
      ['/authentication', '/authentication/login', 'Log in'],
      ['/authentication/signup', '/authentication/signup', 'Create your account'],
      ['/authentication/emailVerification', '/authentication/emailVerification', 'Verify your email'],
      ['/authentication/tfaVerification', '/authentication/tfaVerification', 'Two-factor verification'],
      ['/authentication/forgotPassword', '/authentication/forgotPassword', 'Forgot your password?'],
      ['/authentication/resetPassword', '/authentication/resetPassword', 'Set a new password'],
    ] as const;
    for (const [visit, landing, title] of screens) {
      await page.goto(visit);
      await waitForPath(page, landing);
      await expectTitle(page, title);
    }
  });

  it('shows the risk warning on the sign-in screens at every width, once', async () => {
    const risk =
      'Trading leveraged products carries a high level of risk and may not be suitable for every investor.';
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 800, height: 1000 },
      { width: 1440, height: 900 },
    ]) {
      const page = await openPage({ viewport });
      for (const path of ['/authentication/login', '/authentication/signup']) {
        await page.goto(path);
        const shown = page.getByText(risk, { exact: true }).filter({ visible: true });
        await shown.waitFor();
        expect(await shown.count(), `${path} at ${viewport.width} px`).toBe(1);
      }
    }
  });
});

describe('theme', () => {
  it("follows the system's theme until one is picked, then keeps the pick", async () => {
    const page = await openPage({ token, colorScheme: 'light' });
    await page.goto('/dashboard/home');
    await expectTitle(page, 'Dashboard');
    expect(await htmlTheme(page)).toBe('light');
    // The system turns dark (evening on a phone): the page follows at once.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');

    // A pick outlasts the system's preference, across a reload.
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.reload();
    await expectTitle(page, 'Dashboard');
    expect(await htmlTheme(page)).toBe('light');
  });

  it('starts dark, toggles to light, and keeps the choice after a reload', async () => {
    const page = await openPage({ token });
    await page.goto('/dashboard/home');
    await expectTitle(page, 'Dashboard');
    expect(await htmlTheme(page)).toBe('dark');

    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');

    await page.reload();
    await expectTitle(page, 'Dashboard');
    expect(await htmlTheme(page)).toBe('light');

    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  });

  it('applies a stored light theme before the app script runs (no dark flash)', async () => {
    const page = await openPage({ theme: 'light' });
    await page.goto('/authentication/login', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    expect(await htmlTheme(page)).toBe('light');
  });
});

describe('session', () => {
  it('logs out from the account menu: token gone, toast shown, login a second later', async () => {
    // A session of its own: logging out revokes it, and the other tests keep theirs.
    const page = await openPage({ token: await signInByApi(server, user.email, user.password) });
    await page.goto('/dashboard/trade');
    await expectTitle(page, 'Trade');
    await page.getByRole('button', { name: /^Account/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByText('Logout successful').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
    await waitForPath(page, '/authentication/login', 5_000);
    await expectTitle(page, 'Log in');
  });

  it('shows an error toast when sign-in fails', async () => {
    const page = await openPage({});
    await page.goto('/authentication/login');
    await page.getByLabel('Email').fill('nobody@gmail.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    // Whatever the server answers (no account, or no such endpoint yet), the user hears of it.
    await page.locator('[role="status"]', { hasText: /./ }).first().waitFor();
    expect(pathOf(page)).toBe('/authentication/login');
  });

  it('checks the login form before sending it', async () => {
    const page = await openPage({});
    await page.goto('/authentication/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Enter your email address').waitFor();
    await page.getByText('Enter your password').waitFor();
    const emailInput = page.getByLabel('Email');
    expect(await emailInput.getAttribute('aria-invalid')).toBe('true');
    expect(await emailInput.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe('loading and failure', () => {
  it("shows 'Initializing App...' while the first screen's code loads", async () => {
    const page = await openPage({});
    // Hold the signup screen's chunk back so the loader has time to be seen (the login screen and
    // the sign-in frame come with the entry: there is no chunk of theirs to wait for).
    await page.route('**/assets/signup-screen-*.js', async (route) => {
      await new Promise((resolveDelay) => setTimeout(resolveDelay, 1_000));
      await route.continue();
    });
    await page.goto('/authentication/signup', { waitUntil: 'commit' });
    await page.getByText('Initializing App...', { exact: true }).waitFor();
    await expectTitle(page, 'Create your account');
  });

  it('shows the error page when a screen cannot load, with a way back to the dashboard', async () => {
    const page = await openPage({ token });
    await page.route('**/assets/trade-screen-*.js', (route) => route.abort());
    await page.goto('/dashboard/home');
    await expectTitle(page, 'Dashboard');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Trade', exact: true })
      .click();

    await expectTitle(page, 'Unexpected Application Error!');
    expect(await page.locator('main p').first().textContent()).toContain('trade-screen');
    expect(await page.locator('pre').textContent()).toContain('trade-screen');

    await page.unroute('**/assets/trade-screen-*.js');
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await waitForPath(page, '/dashboard/home');
    await expectTitle(page, 'Dashboard');
  });
});

describe('delivery', () => {
  /** Every script and style the page loads above a kilobyte, with how it was encoded on the wire. */
  const watchAssets = (page: Page) => {
    const assets: Array<{ url: string; encoding: string | undefined; size: Promise<number> }> = [];
    page.on('response', (response) => {
      if (!/\/assets\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) return;
      assets.push({
        url: response.url(),
        encoding: response.headers()['content-encoding'],
        size: response.body().then((body) => body.length),
      });
    });
    return assets;
  };

  it('sends scripts and styles brotli-compressed, and no page breaks its Content-Security-Policy', async () => {
    const page = await openPage({});
    const assets = watchAssets(page);
    const violations = await watchCspViolations(page);
    await page.goto('/authentication/login');
    await expectTitle(page, 'Log in');
    // The form's schema parses (where a validation library would probe for eval).
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Enter your email address').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    const big = [];
    for (const asset of assets) if ((await asset.size) >= 1024) big.push(asset);
    expect(big.length).toBeGreaterThan(2);
    expect(big.filter((asset) => asset.encoding !== 'br').map((asset) => asset.url)).toEqual([]);
    // The chart library and the stream client have chunks of their own that only the screens
    // showing live data load: the login page asks for neither.
    const liveDataChunk = /\/assets\/(charts|stream)-[^/]+\.js$/;
    expect(assets.filter((asset) => liveDataChunk.test(asset.url)).map((asset) => asset.url)).toEqual([]);

    const dashboard = await openPage({ token });
    const dashboardAssets = watchAssets(dashboard);
    const dashboardViolations = await watchCspViolations(dashboard);
    await dashboard.goto('/dashboard/home');
    await expectTitle(dashboard, 'Dashboard');
    await dashboard.waitForLoadState('networkidle');
    expect(await dashboardViolations()).toEqual([]);
    const dashboardChunks = dashboardAssets
      .map((asset) => asset.url)
      .filter((url) => liveDataChunk.test(url));
    expect(dashboardChunks.map((url) => url.match(liveDataChunk)?.[1]).sort()).toEqual(['charts', 'stream']);
  });
});

// Each screen is loaded once and drawn in every variant (the page resized, its theme switched).
describe('screenshots', () => {
  it('captures the dashboard frame at 375 and 1440 px in both themes', async () => {
    const page = await openPage({ token });
    await page.goto('/dashboard/home');
    await expectTitle(page, 'Dashboard');
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      // Nothing may overflow sideways at 375 px.
      await expectNoSidewaysScroll(page, viewport.width);
      if (size === '1440') {
        // The watchlist ends on a whole row: its list scrolls, never cut mid-row at the panel's edge.
        const body = page.getByRole('tabpanel', { name: 'Pairs' });
        await body.locator('li').first().waitFor();
        const [height, rowHeight] = await body.evaluate((element) => [
          element.clientHeight,
          element.querySelector('li')?.getBoundingClientRect().height ?? 0,
        ]);
        expect(rowHeight).toBeGreaterThan(0);
        expect(height % rowHeight).toBe(0);
      }
      await screenshot(page, `dashboard-${size}-${theme}`);
    });
  });

  it('captures the login screen at 375 and 1440 px in both themes', async () => {
    const page = await openPage({});
    await page.goto('/authentication/login');
    await expectTitle(page, 'Log in');
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `login-${size}-${theme}`);
    });
  });
});
