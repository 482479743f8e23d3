// The frame of every browser journey file: a mailbox and the built server, the file's own or those
// its worker's sharing journeys run on, the worker's Chromium, a seeded administrator when asked,
// and the waits journeys share (a screen's title, a live chart, a toast, a settled page).
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchBrowser, newContext, type TTheme } from './browser';
import {
  callApi,
  createUser,
  openActivePositionByApi,
  signInByApi,
  type TCreatedUser,
  type TCreateUserOverrides,
  type TFactoryContext,
  uniqueEmail,
  userIdByApi,
} from './factories';
import { startMailbox, type TMailbox } from './mailbox';
import { createPostgresDatabase, type TPostgresDatabase } from './postgres';
import { startServer, type TRunningServer } from './server';
import { freshTotpCode } from './totp';

export interface TOpenPageOptions {
  token?: string;
  theme?: TTheme;
  /** The system's colour scheme (the stored `theme`'s, else dark). */
  colorScheme?: TTheme;
  viewport?: { width: number; height: number };
  tempToken?: string;
  tempEmail?: string;
  serviceWorkers?: 'allow' | 'block';
  locale?: string;
}

export interface TJourneyEnvironment extends TFactoryContext {
  browser: Browser;
  /** A page in a fresh context (own storage), closed after the test. */
  openPage(options?: TOpenPageOptions): Promise<Page>;
  /** A signed-in page on `path`, once the screen's h1 reads `title`; `options` as `openPage` takes them. */
  openScreen(token: string, path: string, title: string, options?: TOpenPageOptions): Promise<Page>;
  /** The administrator the server seeds at start (`ADMIN_EMAIL`, `ADMIN_PASSWORD`). */
  admin: { email: string; password: string };
  /**
   * Signs the administrator in through the API: its session token. The first call turns two-factor
   * on for it (the back-office opens only to staff with a second factor); later ones answer its code.
   */
  signInAdmin(): Promise<string>;
  /** The PostgreSQL database the server runs on, when the journey asked for one. */
  database: TPostgresDatabase;
}

export interface TJourneyOptions {
  /** Seeds an administrator whose address starts with this ('admin'); none without it. */
  adminPrefix?: string;
  /** Runs the server on a fresh PostgreSQL database (dropped after) instead of the embedded one. */
  isPostgres?: boolean;
  /** Pages reach the server as http://localhost:port (passkeys need a domain, not an IP address). */
  isLocalhost?: boolean;
  /**
   * Runs on the server and mailbox the worker's other sharing journeys run on, started by
   * the first of them and stopped when the worker ends, instead of its own: for journeys with
   * the default environment and no administrator, which change nothing beyond their own users and
   * sign up only through the factories (each user from an address of its own, see
   * `nextClientAddress`), never through the browser (the per-address limits would count every
   * sharing journey's sign-ups).
   */
  isShared?: boolean;
}

/** The worker's shared server and mailbox, once a sharing journey has started them. */
let sharedWorld: Promise<{ server: TRunningServer; mailbox: TMailbox }> | undefined;
/** The worker's Chromium (Playwright closes it as the worker exits). */
let chromium: Promise<Browser> | undefined;

/**
 * The worker's Chromium, which every journey file the worker runs opens its contexts in (each
 * context has its own storage, cookies and pages; a launch costs over a second of CPU). Launched
 * by the first file to ask, and again if it is gone (a crash would end it for every later file).
 * A file closes the contexts it opens; it never closes the browser.
 */
export const workerBrowser = async (): Promise<Browser> => {
  const current = await chromium?.catch(() => undefined);
  if (current?.isConnected()) return current;
  chromium = launchBrowser();
  return chromium;
};

/** Loopback addresses handed out to the factories' sign-ups on a shared server, by this worker. */
let clientAddresses = 0;

/** A loopback address no other sign-up of this run uses: 127.<worker>.<n>.<n>, never 127.0.0.1. */
const nextClientAddress = () => {
  clientAddresses += 1;
  const worker = 10 + Number(process.env.VITEST_POOL_ID ?? '0');
  return `127.${worker}.${(clientAddresses >> 8) & 255}.${clientAddresses & 255}`;
};

/**
 * Starts the shared server and its mailbox for this worker. The server stops with the worker
 * (the global setup's teardown stops any a worker leaves behind: see `sharedServerRecords`).
 */
const startSharedWorld = async () => {
  const mailbox = await startMailbox();
  const server = await startServer({
    env: { SMTP_URL: mailbox.smtpUrl },
    template: inject('dataTemplate'),
    record: inject('sharedServerRecords'),
  });
  process.once('exit', () => server.kill());
  return { server, mailbox };
};

/**
 * Registers the hooks of a journey file: a mailbox and the built server sending its mail there,
 * the file's own or (`isShared`) the worker's, and the worker's Chromium; every context a test
 * opens is closed after it. Call once at the top of the file and read the fields inside tests
 * (they are set by beforeAll).
 */
export function useJourneyEnvironment(
  env: Record<string, string> = {},
  options: TJourneyOptions = {},
): TJourneyEnvironment {
  const contexts: BrowserContext[] = [];
  const admin = options.adminPrefix
    ? { email: uniqueEmail(options.adminPrefix), password: 'Adm1n!Passw0rd#' }
    : undefined;
  let server: TRunningServer | undefined;
  let mailbox: TMailbox | undefined;
  let browser: Browser | undefined;
  let database: TPostgresDatabase | undefined;
  /** The seeded administrator's authenticator, once `signInAdmin` has turned it on. */
  let adminTfa: { secret: string; usedCodes: Set<string> } | undefined;

  beforeAll(async () => {
    // Chromium starts (for the worker's first file) while the server does: each takes seconds.
    const launching = workerBrowser();
    try {
      await startServerAndMailbox();
    } finally {
      browser = await launching;
    }
  });

  const startServerAndMailbox = async () => {
    if (options.isShared) {
      if (options.isPostgres || options.adminPrefix || Object.keys(env).length > 0)
        throw new Error(
          'a journey on the shared server runs with the default environment and no administrator',
        );
      sharedWorld ??= startSharedWorld();
      ({ server, mailbox } = await sharedWorld);
      return;
    }
    if (options.isPostgres) database = await createPostgresDatabase();
    mailbox = await startMailbox();
    // `env` is read now, so hooks registered before this one can still add to it.
    server = await startServer({
      env: {
        SMTP_URL: mailbox.smtpUrl,
        ...(admin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
      template: inject('dataTemplate'),
      ...(options.isLocalhost ? { hostName: 'localhost' as const } : {}),
    });
  };

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    // A context opened outside openPage, or left open by a failed test, ends with its file.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    if (options.isShared) return;
    await server?.stop();
    await mailbox?.stop();
    await database?.drop();
  });

  const required = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is not ready: use it inside a test or hook`);
    return value;
  };

  const openPage = async (options: TOpenPageOptions = {}) => {
    const context = await newContext(required(browser, 'browser'), {
      baseURL: required(server, 'server').url,
      ...options,
    });
    contexts.push(context);
    return context.newPage();
  };

  return {
    get server() {
      return required(server, 'server');
    },
    get mailbox() {
      return required(mailbox, 'mailbox');
    },
    nextClientAddress: options.isShared ? nextClientAddress : undefined,
    get browser() {
      return required(browser, 'browser');
    },
    get database() {
      return required(database, 'database');
    },
    get admin() {
      return required(admin, 'admin (adminPrefix)');
    },
    async signInAdmin() {
      const seeded = required(admin, 'admin (adminPrefix)');
      const running = required(server, 'server');
      const token = await signInByApi(running, seeded.email, seeded.password);
      if (adminTfa) {
        const { data } = await callApi<{ token: string }>(running, 'POST', '/auth/2fa/verify', {
          body: { code: await freshTotpCode(adminTfa.secret, adminTfa.usedCodes) },
          token,
        });
        return data.token;
      }
      const { data: setup } = await callApi<{ secret: string }>(running, 'GET', '/auth/2fa/generate', {
        token,
      });
      const usedCodes = new Set<string>();
      await callApi(running, 'POST', '/auth/2fa/activate', {
        body: { code: await freshTotpCode(setup.secret, usedCodes), currentPassword: seeded.password },
        token,
      });
      adminTfa = { secret: setup.secret, usedCodes };
      return token;
    },
    openPage,
    async openScreen(token, path, title, options = {}) {
      const page = await openPage({ ...options, token });
      await page.goto(path);
      await expectTitle(page, title);
      return page;
    },
  };
}

/** The seeded administrator and one customer, as `useAdminAndCustomer` sets them up. */
export interface TAdminAndCustomer {
  /** The administrator's session token (two-factor on: the back-office opens to it). */
  adminToken: string;
  /** The customer, signed in. */
  customer: TCreatedUser;
  /** The customer's user id. */
  customerId: string;
  /** With `position`: the order of the customer's open (active) position. */
  orderId: string;
}

/**
 * Registers a beforeAll (after the ones registered before it) that signs the journey's administrator
 * in and makes a verified customer with `customer`'s overrides; with `position`, the customer opens
 * that position and it is filled. Read the fields inside tests.
 */
export function useAdminAndCustomer(
  env: TJourneyEnvironment,
  customer: TCreateUserOverrides,
  position?: Parameters<typeof openActivePositionByApi>[2],
): TAdminAndCustomer {
  // Filled in by the hook, as a test file's own `let`s would be.
  const seeded = {} as TAdminAndCustomer;
  beforeAll(async () => {
    seeded.adminToken = await env.signInAdmin();
    seeded.customer = await createUser(env, customer);
    seeded.customerId = await userIdByApi(env.server, seeded.customer.token);
    if (position) {
      seeded.orderId = (await openActivePositionByApi(env.server, seeded.customer.token, position)).id;
    }
  });
  return seeded;
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the chart shows candles and the stream is connected (prices then move live). */
export async function waitForLiveChart(page: Page, timeout = 20_000) {
  await page.waitForFunction(
    () =>
      Number(document.querySelector<HTMLElement>('[data-testid="candle-chart"]')?.dataset.candles ?? 0) > 0,
    undefined,
    { timeout },
  );
  await page.getByText('Connecting to DSS...', { exact: true }).waitFor({ state: 'detached', timeout });
}

/**
 * On a phone, waits until the bar of Sell and Buy at the foot of the screen shows just when the
 * ticket's amount and its button are both off screen: it follows a resize or a scroll a few frames
 * later.
 */
export async function tradeBarSettled(page: Page): Promise<void> {
  const ticket = page.getByTestId('order-ticket');
  const isOnScreen = async (element: Locator) => {
    const box = await element.boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    return box !== null && box.y + box.height > 0 && box.y < height;
  };
  await expect
    .poll(async () => {
      const isDue =
        !(await isOnScreen(ticket.getByLabel('Amount (USD)'))) &&
        !(await isOnScreen(ticket.getByRole('button', { name: /^(Buy|Sell) \w+\// })));
      return (await page.getByTestId('trade-bar').count()) > 0 === isDue;
    })
    .toBe(true);
}

/** Where the chart draws the line titled `title` now (px from the chart's top), once it draws it. */
export async function chartLineY(page: Page, title: string): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted) => {
      const raw = document.querySelector<HTMLElement>('[data-testid="candle-chart"]')?.dataset.lineY;
      const y = raw ? (JSON.parse(raw) as Record<string, number | null>)[wanted] : null;
      return typeof y === 'number' ? y : false;
    },
    title,
    { timeout: 20_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Waits until the screen shows `what` (its tables by default) and nothing on it is still busy loading. */
export async function settled(page: Page, what = 'table') {
  await page.locator(what).first().waitFor();
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
}

/** Waits for the screen's h1 to read `title` (lazy screens replace the previous one). */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  expect(await page.locator('h1').allTextContents()).toEqual([title]);
}

/** Waits for a toast whose text contains `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('[role="status"]', { hasText: text }).first().waitFor();
}

export const waitForPath = (page: Page, path: string, timeout?: number) =>
  page.waitForURL((url) => url.pathname === path, timeout === undefined ? undefined : { timeout });
