import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser } from '../support/factories';
import { expectTitle, useJourneyEnvironment, waitForPath } from '../support/journey';

// The login page is drawn at build time: the server sends the screen in the page, the browser
// paints it before any script has run, and the app then takes the same elements over.

const env = useJourneyEnvironment({}, { adminPrefix: 'drawn' });

/** The page's uncaught errors (a failed take-over of the drawn page among them). */
const watchErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

describe('the login page drawn at build time', () => {
  it('arrives with its screen in the page, readable without scripts', async () => {
    // Without scripts, the page is what the server sent.
    const context = await env.browser.newContext({ baseURL: env.server.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/authentication/login');
      const html = await page.content();
      expect(html).toContain('data-prerendered="/authentication/login"');
      expect(html).toContain('name="email"');
      expect(await page.title()).toBe('Log in · Trading Desk');
      await expectTitle(page, 'Log in');
      // Not sendable by the browser itself: the password would go in the address.
      expect(await page.getByRole('button', { name: 'Log in' }).isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('keeps what was typed before its scripts ran, then signs in', async () => {
    const user = await createUser(env, { firstName: 'Early', lastName: 'Typist' });
    const page = await env.openPage();
    const errors = watchErrors(page);
    let releaseEntry = () => {};
    const entryHeld = new Promise<void>((resolve) => {
      releaseEntry = resolve;
    });
    await page.route('**/assets/index-*.js', async (route) => {
      await entryHeld;
      await route.continue();
    });
    await page.goto('/authentication/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    expect(await page.getByRole('button', { name: 'Log in' }).isDisabled()).toBe(true);
    releaseEntry();
    await page.getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/dashboard/home');
    expect(errors).toEqual([]);
  });

  it('is taken over as drawn in a light system theme, and drawn afresh in another language', async () => {
    const light = await env.openPage({ colorScheme: 'light' });
    const lightErrors = watchErrors(light);
    await light.goto('/authentication/login');
    await expectTitle(light, 'Log in');
    // The theme button follows the system's theme once the app runs (the page was drawn dark).
    await light.getByTitle('Switch to dark theme').waitFor();
    expect(await light.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await light.waitForLoadState('networkidle');
    expect(lightErrors).toEqual([]);

    const spanish = await env.openPage({ locale: 'es-ES' });
    const spanishErrors = watchErrors(spanish);
    await spanish.goto('/authentication/login');
    await expectTitle(spanish, 'Iniciar sesión');
    await spanish.waitForLoadState('networkidle');
    expect(spanishErrors).toEqual([]);
  });

  it('shows the product’s name staff set without a call, and loads checks and toasts only when used', async () => {
    const adminToken = await env.signInAdmin();
    const setName = (appName: string) =>
      callApi(env.server, 'PUT', '/admin/settings/general', { token: adminToken, body: { appName } });
    await setName('Northwind Markets');
    try {
      const page = await env.openPage();
      const errors = watchErrors(page);
      const calls: string[] = [];
      const scripts: string[] = [];
      page.on('request', (request) => {
        const type = request.resourceType();
        if (type === 'fetch' || type === 'xhr') calls.push(new URL(request.url()).pathname);
        if (type === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto('/authentication/login');
      await page.getByText('Welcome back. Log in to your Northwind Markets account.').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.title()).toBe('Log in · Northwind Markets');
      // The settings came with the page; the entry, React, the router and the bundler's runtime ran.
      expect(calls).toEqual([]);
      expect(scripts).toHaveLength(4);

      // A wrong password: the form's checks load with the first key, the toasts with the answer.
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('Wrong-passw0rd');
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await page.locator('[role="status"]', { hasText: 'Email or password is incorrect' }).waitFor();
      expect(calls).toEqual(['/auth/signin']);
      expect(scripts.length).toBeGreaterThan(4);
      expect(errors).toEqual([]);
    } finally {
      await setName('Trading Desk');
    }
  });
});
