import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeFindings } from '../support/axe';
import { SCREEN_VARIANTS, screenshot } from '../support/browser';
import { callApi, createUser, signInByApi } from '../support/factories';
import { expectTitle, pathOf, useJourneyEnvironment, waitForPath } from '../support/journey';

const env = useJourneyEnvironment();

/**
 * Everything the console says (errors and warnings), every response that failed (4xx/5xx) and how
 * many requests are still on their way, from now on.
 */
function watchTrouble(page: Page) {
  const console: string[] = [];
  const failed: string[] = [];
  const inFlight = new Set<string>();
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The test browser's own notice (it keeps the app's service worker out), not the app's.
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    console.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => console.push(`pageerror: ${error.message}`));
  page.on('request', (request) => inFlight.add(request.url()));
  page.on('requestfinished', (request) => inFlight.delete(request.url()));
  page.on('requestfailed', (request) => {
    inFlight.delete(request.url());
    failed.push(`failed ${new URL(request.url()).pathname}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return { console, failed, inFlight };
}

describe('a session that ends elsewhere', () => {
  it('sends the tab to the login screen saying why, without a stream of refusals', async () => {
    const user = await createUser(env);
    const page = await env.openScreen(user.token, '/dashboard/home', 'Dashboard');
    // Live prices: the stream is open under this session.
    await page
      .getByText('Connecting to DSS...', { exact: true })
      .waitFor({ state: 'detached', timeout: 20_000 });
    const refusals: string[] = [];
    page.on('response', (response) => {
      if (response.status() !== 401) return;
      const sentToken = response.request().headers().authorization !== undefined;
      refusals.push(`${new URL(response.url()).pathname}${sentToken ? '' : ' (no token)'}`);
    });

    // The same person, signed in on another device, signs this browser out (Profile → Active sessions).
    const other = await signInByApi(env.server, user.email, user.password);
    const { data: sessions } = await callApi<Array<{ id: string; current: boolean }>>(
      env.server,
      'GET',
      '/profile/sessions',
      { token: other },
    );
    const revoked = sessions.filter((session) => !session.current);
    expect(revoked).toHaveLength(1);
    await callApi(env.server, 'DELETE', `/profile/sessions/${revoked[0]?.id}`, { token: other });

    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/authentication/login');
    await expectTitle(page, 'Log in');
    await page.getByRole('status').filter({ hasText: 'Your session ended. Sign in again.' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
    // Said once: the refused requests have no toast of their own.
    await expect
      .poll(() => page.locator('[role="status"]').allTextContents())
      .toEqual(['Your session ended. Sign in again.']);
    // Nothing goes on asking with the dead session.
    const settledCount = refusals.length;
    expect(refusals.length, refusals.join(', ')).toBeLessThanOrEqual(3);
    await page.waitForLoadState('networkidle');
    expect(refusals.length).toBe(settledCount);
  });
  // Four pages, each through a refused first load: longer than one screen's test.
  it('says why on the login screen at a phone and a desktop width, in both themes, axe clean', async () => {
    const user = await createUser(env);
    // Signed out on another device before this browser comes back with the token.
    await callApi(env.server, 'POST', '/auth/logout', { token: user.token });
    for (const { theme, size, viewport } of SCREEN_VARIANTS) {
      const page = await env.openPage({ token: user.token, theme, viewport });
      const unsigned: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 401 && !response.request().headers().authorization)
          unsigned.push(new URL(response.url()).pathname);
      });
      await page.goto('/dashboard/home');
      await waitForPath(page, '/authentication/login', 15_000);
      await expectTitle(page, 'Log in');
      const notice = page.getByRole('status').filter({ hasText: 'Your session ended. Sign in again.' });
      await notice.waitFor();
      // Nothing else is said on top: the refused requests have no toast of their own.
      await expect
        .poll(() => page.locator('[role="status"]').allTextContents())
        .toEqual(['Your session ended. Sign in again.']);
      // Nothing was asked without the session meanwhile.
      expect(unsigned).toEqual([]);
      expect(await seriousAxeFindings(page)).toEqual([]);
      const box = await notice.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      await screenshot(page, `session-ended-login-${size}-${theme}`);
    }
  }, 240_000);
});

describe('a signed-out visit', () => {
  it.each([
    ['/', '/authentication/login', 'Log in'],
    ['/authentication/login', '/authentication/login', 'Log in'],
    ['/authentication/signup', '/authentication/signup', 'Create your account'],
    ['/authentication/forgotPassword', '/authentication/forgotPassword', 'Forgot your password?'],
  ])('of %s asks for nothing it may not have and keeps the console clean', async (path, landing, title) => {
    const page = await env.openPage();
    const trouble = watchTrouble(page);
    await page.goto(path);
    await waitForPath(page, landing);
    await expectTitle(page, title);
    await expect.poll(() => [...trouble.inFlight], { timeout: 10_000 }).toEqual([]);
    expect(trouble.failed).toEqual([]);
    expect(trouble.console).toEqual([]);
  });
});
