import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  expectNoSidewaysScroll,
  inEachVariant,
  screenshot,
  VIEWPORTS,
  watchCspViolations,
} from '../support/browser';
import { callApi, createUser, openPositionByApi, signInByApi } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment } from '../support/journey';
import { REPO_ROOT } from '../support/server';

// A program trading through the API: the user creates a key under Security and copies its secret,
// the worked examples of docs/API.md (JavaScript and Python) sign requests with it, and once the key
// is revoked they are refused. The reference page at /docs documents every route.

const env = useJourneyEnvironment({}, { isShared: true });
const run = promisify(execFile);
const EXAMPLES = join(REPO_ROOT, 'docs', 'examples');

/** Runs a worked example with the key; its printed JSON lines, merged. */
async function runExample(
  command: string,
  script: string,
  key: { keyId: string; secret: string },
  args: string[] = [],
) {
  const { stdout } = await run(command, [join(EXAMPLES, script), ...args], {
    env: { ...process.env, TD_API_URL: env.server.url, TD_API_KEY: key.keyId, TD_API_SECRET: key.secret },
    timeout: 20_000,
  });
  return Object.assign(
    {},
    ...stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line)),
  ) as {
    placed?: string;
    status?: string;
    orders: string[];
  };
}

describe('API keys', () => {
  it('are made under Security, trade for a program in JavaScript and Python, and stop once revoked', async () => {
    const user = await createUser(env, { firstName: 'Ada', lastName: 'Program' });
    // The market has quotes before the program's first order.
    await openPositionByApi(env.server, user.token, { account: 'demo', amount: '100', leverage: 1 });
    const page = await env.openScreen(user.token, '/dashboard/security', 'Security');
    await page.getByText('No API keys.').waitFor();

    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByTestId('create-api-key');
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByText('Give the key a label').waitFor();
    // A session alone does not make a key: the password is asked for too.
    await form.getByText('Enter your current password').waitFor();
    await form.getByLabel('Label').fill('Trading bot');
    await form.getByRole('checkbox', { name: /^Trade/ }).check();
    await form.getByLabel('Allowed IP addresses (optional)').fill('the office');
    await form.getByLabel('Current password', { exact: true }).fill('Wrong#Pass99');
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByText(/Allowed IP addresses must be IPv4 or IPv6/).waitFor();
    await form.getByLabel('Allowed IP addresses (optional)').fill('');
    await form.getByRole('button', { name: 'Create key' }).click();
    // A wrong password is refused under its field, and the session stays.
    await form.getByText('The password is incorrect').waitFor();
    await form.getByLabel('Current password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Create key' }).click();

    const created = page.getByTestId('api-key-created');
    await created.getByText('The secret is shown only now.', { exact: false }).waitFor();
    const key = {
      keyId: (await created.getByTestId('api-key-id').textContent()) ?? '',
      secret: (await created.getByTestId('api-key-secret').textContent()) ?? '',
    };
    expect(key.keyId).toMatch(/^tdk_/);
    expect(key.secret.length).toBe(43);
    await created.getByRole('button', { name: 'I have saved the secret' }).click();
    const row = page.getByRole('row', { name: /Trading bot/ });
    await row.getByText('Never').waitFor();
    await row.getByText('Trade', { exact: true }).waitFor();
    // The list never shows the secret again.
    expect(await page.content()).not.toContain(key.secret);

    const fromJavaScript = await runExample(process.execPath, 'api-client.mjs', key, ['buy']);
    expect(fromJavaScript.status).toBe('act');
    expect(fromJavaScript.orders).toContain(fromJavaScript.placed);
    const fromPython = await runExample('python3', 'api_client.py', key, ['buy']);
    expect(fromPython.status).toBe('act');
    expect(fromPython.orders).toEqual(expect.arrayContaining([fromPython.placed, fromJavaScript.placed]));
    const { data: orders } = await callApi<{ items: Array<{ id: string }> }>(
      env.server,
      'GET',
      '/orders?account=demo&limit=10',
      { token: user.token },
    );
    expect(orders.items.map((order) => order.id)).toEqual(
      expect.arrayContaining([fromJavaScript.placed, fromPython.placed]),
    );

    await page.reload();
    await expectTitle(page, 'Security');
    await page
      .getByRole('row', { name: /Trading bot/ })
      .getByText('Never')
      .waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Revoke Trading bot' }).click();
    await page.getByTestId('revoke-api-key').getByRole('button', { name: 'Revoke key' }).click();
    await expectToast(page, 'API key revoked');
    await page.getByText('No API keys.').waitFor();
    await expect(runExample(process.execPath, 'api-client.mjs', key)).rejects.toThrow(
      /401 Unknown or revoked API key/,
    );
  });

  it('ask for the authenticator code too when two-factor is on, and all go when signing out everywhere', async () => {
    const user = await createUser(env, { firstName: 'Ada', lastName: 'Guarded', tfa: true });
    const page = await env.openScreen(user.token, '/dashboard/security', 'Security');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByTestId('create-api-key');
    await form.getByLabel('Label').fill('Reporting');
    await form.getByLabel('Current password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByText('Enter the code from your authenticator app').waitFor();
    await form.getByLabel('Authenticator code').fill('000000');
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByText('The code is incorrect').waitFor();
    await screenshot(page, 'api-keys-create-tfa-error-1440-dark');
    await form.getByLabel('Authenticator code').fill(user.recoveryCodes?.[0] ?? '');
    await form.getByRole('button', { name: 'Create key' }).click();
    await page
      .getByTestId('api-key-created')
      .getByRole('button', { name: 'I have saved the secret' })
      .click();
    await page.getByRole('row', { name: /Reporting/ }).waitFor();

    // Signing out every other session takes every key with it, and the owner is told why.
    const pending = await signInByApi(env.server, user.email, user.password);
    await callApi(env.server, 'POST', '/auth/2fa/verify', {
      body: { code: user.recoveryCodes?.[1] },
      token: pending,
    });
    await page.reload();
    await page.getByRole('row', { name: /Reporting/ }).waitFor();
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByText('No API keys.').waitFor();
    const mail = await env.mailbox.waitForMail(user.email, /Your API keys were revoked/);
    expect(mail.text).toContain('every other session was signed out');
  });

  it('show on the Security screen at both widths in both themes', async () => {
    const user = await createUser(env, { firstName: 'Ada', lastName: 'Screens' });
    for (const body of [
      { label: 'Reporting', scopes: ['read'], allowedIps: ['203.0.113.0/24', '198.51.100.7'] },
      { label: 'Market maker', scopes: ['read', 'trade'] },
    ]) {
      await callApi(env.server, 'POST', '/profile/api-keys', {
        body: { ...body, currentPassword: user.password },
        token: user.token,
      });
    }
    // Loaded once and drawn in every variant (the page resized, its theme switched); the dialog
    // is opened in each, as it is placed for the width.
    const page = await env.openScreen(user.token, '/dashboard/security', 'Security');
    const card = page.getByRole('row', { name: /Market maker/ });
    await card.waitFor();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      // From the top, as the screen opens: the keys are brought into view at this width.
      await page.evaluate(() => window.scrollTo(0, 0));
      await card.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `api-keys-${size}-${theme}`);
      await page.getByRole('button', { name: 'Create API key' }).click();
      const dialog = page.getByTestId('create-api-key');
      await dialog.getByLabel('Label').waitFor();
      await screenshot(page, `api-keys-create-${size}-${theme}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      // The button the dialog gives focus back to, unfocused as on a screen just opened.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    });
  });

  it('are documented at /docs: the reference page lists the routes, under its own policy', async () => {
    // The reference is the viewer's own page, not the web app (one light look, no theme of ours):
    // loaded once, then drawn at each width.
    const page = await env.openPage({ colorScheme: 'light' });
    const violations = await watchCspViolations(page);
    await page.goto('/docs');
    await page.getByText('Trading Desk API', { exact: false }).first().waitFor();
    await page.locator('#operations-tag-orders').waitFor();
    // The tags start closed: the reader opens one.
    await page.locator('#operations-tag-orders').click();
    await page.locator('.opblock-summary-path[data-path="/orders"]').first().waitFor();
    for (const { size, viewport } of [
      { size: '375', viewport: VIEWPORTS.mobile },
      { size: '1440', viewport: VIEWPORTS.desktop },
    ]) {
      await page.setViewportSize(viewport);
      await page.evaluate(
        () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
      );
      // From the top, the opened tag in view, as the click that opened it left the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('#operations-tag-orders').scrollIntoViewIfNeeded();
      await screenshot(page, `api-reference-${size}-light`);
    }
    expect(await violations()).toEqual([]);
  });
});
