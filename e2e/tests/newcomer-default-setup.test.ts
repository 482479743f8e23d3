import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, inEachVariant, screenshot, VIEWPORTS } from '../support/browser';
import { callApi, signUpByApi } from '../support/factories';
import { expectTitle, useJourneyEnvironment } from '../support/journey';
import type { TRunningServer } from '../support/server';
import { openEmailVerification } from '../support/signup';

// The product as a newcomer first runs it: development, no mail server (SMTP_URL unset) and no
// chain connected. The mails are read on the server's outbox page, which the verification screen
// links; the wallet says once that no chain is connected (and to staff, how to connect one).

const env = useJourneyEnvironment({ SMTP_URL: '' }, { adminPrefix: 'admin' });
const MAIL_WAIT_MS = 10_000;

/** The outbox page's entry for the newest mail to `email`: its page's path, once it is there. */
async function outboxPathOf(server: TRunningServer, email: string): Promise<string> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const list = await (await fetch(`${server.url}/dev/outbox`)).text();
    const row = list.split('<tr>').find((cells) => cells.includes(`<td>${email}</td>`));
    const path = row ? /href="(\/dev\/outbox\/[^"]+)"/.exec(row)?.[1] : undefined;
    if (path) return path;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} in the outbox within ${MAIL_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A user signed up and verified with the code read on the outbox page: their session token. */
async function userThroughOutbox(firstName: string): Promise<string> {
  const signup = await signUpByApi(env.server, 'newcomer', { firstName, lastName: 'Newcomer' });
  const email = signup.email;
  const mail = await (await fetch(`${env.server.url}${await outboxPathOf(env.server, email)}`)).text();
  const code = /Your code: (\d{6})/.exec(mail)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  const { data } = await callApi<{ token: string }>(env.server, 'POST', '/auth/verify-email', {
    body: { code },
    token: signup.token,
  });
  return data.token;
}

/** The wallet once its balance and its list of deposits have loaded (what the screenshots show). */
async function settledWallet(page: Page) {
  await expect.poll(() => page.getByTestId('wallet-available').textContent()).toBe('0.00 USD');
  await page.getByText('No transactions yet').waitFor();
}

describe('without a mail server', () => {
  it('links the outbox page from the verification screen, where the mail’s link verifies the address', async () => {
    const pending = await signUpByApi(env.server, 'outbox', { firstName: 'Olga', lastName: 'Outbox' });
    const page = await openEmailVerification(env, pending);
    await page.getByText('This development server sends no e-mail').waitFor();

    // The outbox opens beside the form, which stays as it was.
    const [outbox] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'outbox page' }).click(),
    ]);
    await outbox.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
    await outbox.getByRole('row').filter({ hasText: pending.email }).getByRole('link').click();
    await outbox.getByRole('heading', { name: 'Verify your email address', level: 1 }).waitFor();
    await outbox.getByText(/Your code: \d{6}/).waitFor();
    expect(await outbox.content()).not.toContain('[redacted]');
    await screenshot(outbox, 'outbox-mail-1440-dark');

    // The mail's link is whole: it verifies the address (in a tab without the sign-up's session).
    await outbox.locator('pre a[href*="/authentication/emailVerification?token="]').click();
    await expectTitle(outbox, 'Email verified');
  });

  it('says where the mail is on the verification screen at 375 and 1440 px in both themes', async () => {
    const pending = await signUpByApi(env.server, 'note', { firstName: 'Nora', lastName: 'Note' });
    const page = await openEmailVerification(env, pending);
    await page.getByText('This development server sends no e-mail').waitFor();
    // Loaded once and drawn in every variant (the page resized, its theme switched).
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `email-verification-outbox-${size}-${theme}`, { fullPage: true });
    });
  });
});

describe('with no chain connected', () => {
  let token: string;

  beforeAll(async () => {
    token = await userThroughOutbox('Wally');
  });

  it('says once, on the Deposit tab, that no chain is connected, at 375 and 1440 px in both themes', async () => {
    const page = await env.openPage({ token });
    await page.goto('/dashboard/wallet');
    await expectTitle(page, 'Wallet');
    const card = page.getByTestId('wallet-no-chain');
    await card.getByText('This server is not connected to any blockchain yet', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Crypto deposits are not available on this server' }).waitFor();
    // No network-by-network refusal, no advice to choose another, no address, and nothing for staff.
    expect(await page.getByText('Choose another network', { exact: false }).count()).toBe(0);
    expect(await page.getByTestId('deposit-address').count()).toBe(0);
    expect(await page.getByLabel('Network').count()).toBe(0);
    expect(await card.getByText('EVM_RPC_ETHEREUM', { exact: false }).count()).toBe(0);
    await settledWallet(page);
    // Loaded once and drawn in every variant (the page resized, its theme switched).
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `wallet-no-chain-${size}-${theme}`, { fullPage: true });
    });
  });

  it('tells staff how to connect a chain', async () => {
    const page = await env.openPage({ token: await env.signInAdmin() });
    await page.goto('/dashboard/wallet');
    await expectTitle(page, 'Wallet');
    const card = page.getByTestId('wallet-no-chain');
    await card.getByText('For staff: connecting a chain').waitFor();
    await card.locator('code', { hasText: 'EVM_RPC_ETHEREUM' }).waitFor();
    await card.locator('code', { hasText: 'npm run dev:chain' }).waitFor();
    await settledWallet(page);
    // Loaded once and drawn at a desktop's width in the dark theme, then at a phone's in the light.
    await inEachVariant(
      page,
      async ({ theme, size, viewport }) => {
        await expectNoSidewaysScroll(page, viewport.width);
        await screenshot(page, `wallet-no-chain-staff-${size}-${theme}`, { fullPage: true });
      },
      [
        { theme: 'dark', size: '1440', viewport: VIEWPORTS.desktop },
        { theme: 'light', size: '375', viewport: VIEWPORTS.mobile },
      ],
    );
  });
});
