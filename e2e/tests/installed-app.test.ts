import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  expectNoSidewaysScroll,
  launchProfileBrowser,
  SCREEN_VARIANTS,
  screenshot,
} from '../support/browser';
import { createUser } from '../support/factories';
import { expectTitle, useJourneyEnvironment } from '../support/journey';

// The app on a phone's home screen: Chromium's own installability checks (the ones Lighthouse
// reports) pass, and once visited, a reload without a network opens the app with a notice instead
// of the browser's error page.

const env = useJourneyEnvironment({}, { isShared: true });

describe('the installed app', () => {
  it("passes the browser's installability checks: manifest, icons and a service worker", async () => {
    const profileDir = mkdtempSync(join(tmpdir(), 'td-profile-'));
    const browser = await launchProfileBrowser(profileDir, env.server.url);
    onTestFinished(async () => {
      await browser.close();
      rmSync(profileDir, { recursive: true, force: true });
    });
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto('/authentication/login');
    await expectTitle(page, 'Log in');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { errors, data } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    expect(JSON.parse(data ?? '{}')).toMatchObject({
      name: 'Trading Desk',
      display: 'standalone',
      start_url: '/dashboard/home',
    });
    const icon = await page.request.get('/icons/icon-512.png');
    expect(icon.headers()['content-type']).toBe('image/png');
  });

  it('opens offline from the stored shell with a notice, and drops it when the network is back', async () => {
    const user = await createUser(env);
    for (const { theme, size, viewport } of SCREEN_VARIANTS) {
      const page = await env.openPage({ token: user.token, theme, viewport, serviceWorkers: 'allow' });
      await page.goto('/dashboard/home');
      await expectTitle(page, 'Dashboard');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      await page.context().setOffline(true);
      await page.reload();
      await expectTitle(page, 'Dashboard');
      const notice = page.getByRole('status').filter({ hasText: 'You are offline.' });
      await notice.waitFor();
      // The notice says it once: no error toast for each request that cannot go.
      expect(await page.getByText('Network error').count()).toBe(0);
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `offline-${size}-${theme}`);

      await page.context().setOffline(false);
      await notice.waitFor({ state: 'detached' });
      // Being offline is no news about the session: the user is still signed in, on the same screen.
      await expectTitle(page, 'Dashboard');
      expect(new URL(page.url()).pathname).toBe('/dashboard/home');
    }
  });
});
