// The browser side of the end-to-end journeys: launches headless Chromium, opens contexts already
// signed in or themed through the web app's localStorage, switches theme and screen size in place,
// takes screenshots, and checks for sideways scrolling and CSP violations.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from './server';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`, the build Playwright itself runs
 * headless): the same engine without the browser around it, a fifth faster through the journeys on
 * two cores. Journeys run in it where it is installed, else in Chromium; the installed app's
 * journey needs Chromium itself (only the whole browser offers to install an app).
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-output', 'screenshots');

/** localStorage keys of the web app (apps/web/src/lib/store.ts). */
const TOKEN_KEY = 'TOKEN';
const STORE_KEY = 'store';
const STORE_VERSION = 0.2;

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1440, height: 900 },
} as const;

export type TTheme = 'dark' | 'light';

/** What a screen is captured in: both themes, each at a phone's width and a desktop's. */
export const SCREEN_VARIANTS = (['dark', 'light'] as const).flatMap((theme) =>
  (
    [
      ['375', VIEWPORTS.mobile],
      ['1440', VIEWPORTS.desktop],
    ] as const
  ).map(([size, viewport]) => ({ theme, size, viewport })),
);

export type TScreenVariant = (typeof SCREEN_VARIANTS)[number];

/**
 * Shows a loaded page in `variant`: the window resized and the system's colour scheme switched, as
 * a phone turned sideways or a system going dark at night does, without loading the screen again.
 * The page must follow the system's theme (opened without `theme`: no pick stored). Returns once
 * the page has drawn in it (the theme on <html>, two frames after the resize, no colour mid-change).
 */
export async function showVariant(
  page: Page,
  variant: Pick<TScreenVariant, 'theme' | 'viewport'>,
): Promise<void> {
  await page.setViewportSize(variant.viewport);
  await page.emulateMedia({ colorScheme: variant.theme });
  const picked = await page.evaluate(
    (key) =>
      (JSON.parse(localStorage.getItem(key) ?? '{}') as { state?: { theme?: string | null } }).state?.theme,
    STORE_KEY,
  );
  if (picked) throw new Error(`the page has a theme picked (${picked}): open it without \`theme\``);
  await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, variant.theme);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  // A colour still fading into the new theme would be judged (and drawn) halfway.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((each) => !(each instanceof CSSTransition) || each.playState !== 'running'),
  );
}

/**
 * Runs `use` on a loaded page in each screen variant in turn (both themes, each at a phone's width
 * and a desktop's; `variants` to choose others): one load of the screen for all of them.
 */
export async function inEachVariant(
  page: Page,
  use: (variant: TScreenVariant) => Promise<void>,
  variants: readonly TScreenVariant[] = SCREEN_VARIANTS,
): Promise<void> {
  for (const variant of variants) {
    await showVariant(page, variant);
    await use(variant);
  }
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
];

export function launchBrowser(): Promise<Browser> {
  const executablePath = existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/**
 * A browser with a profile on disk, as a person's is: what an incognito context cannot show (the
 * browser offers to install an app only outside incognito). Close it, then remove `userDataDir`.
 */
export function launchProfileBrowser(userDataDir: string, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: VIEWPORTS.desktop,
    serviceWorkers: 'allow',
  });
}

interface TContextOptions {
  /** The server's URL: relative page.goto('/x') paths resolve against it. */
  baseURL: string;
  viewport?: { width: number; height: number };
  /** Stored under TOKEN before the first page loads, as after a sign-in. */
  token?: string;
  /** Persisted store theme before the first page loads (the user's pick). */
  theme?: TTheme;
  /** The system's preference; dark unless given, so a page with no pick renders dark. */
  colorScheme?: TTheme;
  /**
   * Whether the page may register the app's service worker: only the tests of the installed app
   * allow it, so the others load every file from the server and can hold one back or fail it.
   */
  serviceWorkers?: 'allow' | 'block';
  /** The browser's language ('es-ES'): the app's own language follows it until one is picked. */
  locale?: string;
  /** The store's sign-in step values (after signup or a sign-in that needs verification). */
  tempToken?: string;
  tempEmail?: string;
}

/**
 * A fresh browser context (own storage), with the session token, theme and sign-in step already in
 * localStorage when given, so the first navigation sees them.
 */
export function newContext(browser: Browser, options: TContextOptions): Promise<BrowserContext> {
  const localStorage: { name: string; value: string }[] = [];
  if (options.token) localStorage.push({ name: TOKEN_KEY, value: options.token });
  if (options.theme || options.tempToken || options.tempEmail) {
    const state = {
      theme: options.theme ?? null,
      tempToken: options.tempToken ?? '',
      tempEmail: options.tempEmail ?? null,
    };
    localStorage.push({ name: STORE_KEY, value: JSON.stringify({ state, version: STORE_VERSION }) });
  }
  return browser.newContext({
    baseURL: options.baseURL,
    viewport: options.viewport ?? VIEWPORTS.desktop,
    reducedMotion: 'reduce',
    serviceWorkers: options.serviceWorkers ?? 'block',
    ...(options.locale ? { locale: options.locale } : {}),
    colorScheme: options.colorScheme ?? options.theme ?? 'dark',
    storageState: { cookies: [], origins: [{ origin: new URL(options.baseURL).origin, localStorage }] },
  });
}

/**
 * Sets the token in localStorage of a page's origin before its next navigation (for a page that
 * is already open; a new context takes `token` in newContext instead). Runs once, so a later
 * logout in the same page is not undone.
 */
export async function setTokenBeforeNavigation(page: Page, token: string): Promise<void> {
  await page.addInitScript(
    ({ key, value }) => {
      const marker = `e2e-token-set:${value}`;
      if (window.sessionStorage.getItem(marker)) return;
      window.localStorage.setItem(key, value);
      window.sessionStorage.setItem(marker, '1');
    },
    { key: TOKEN_KEY, value: token },
  );
}

/**
 * Saves a PNG of the viewport (or with `fullPage`, of the whole scrollable page) to
 * test-output/screenshots/<name>.png, once fonts have loaded.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled', fullPage: options.fullPage ?? false });
  return path;
}

/** Expects nothing on the page to overflow sideways: the document is no wider than `width` px. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * Content-Security-Policy violations the page reports from its next navigation on (eval probes
 * included); call before `goto`, read after.
 */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}
