import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, seriousAxeFindings, type TAxeFinding } from '../support/axe';
import { inEachVariant } from '../support/browser';
import { callApi, createUser, openPositionByApi, type TCreatedUser } from '../support/factories';
import { expectTitle, useJourneyEnvironment } from '../support/journey';

// axe (WCAG 2.2 A and AA, and its best practices) on every screen a trader sees, signed out and
// signed in, at a phone's width and a desktop's, in both themes: no serious or critical finding;
// and axe, as the journeys run it, still names every element of a violation on a page made to fail.

const env = useJourneyEnvironment({}, { isShared: true });
let trader: TCreatedUser;

beforeAll(async () => {
  trader = await createUser(env, { firstName: 'Grace', lastName: 'Hopper' });
  await callApi(env.server, 'GET', '/portfolio?account=demo', { token: trader.token });
  await openPositionByApi(env.server, trader.token, { account: 'demo', amount: '100', leverage: 5 });
});

const SIGNED_OUT: Array<[path: string, title: string]> = [
  ['/authentication/login', 'Log in'],
  ['/authentication/signup', 'Create your account'],
  ['/authentication/forgotPassword', 'Forgot your password?'],
  ['/legal/terms', 'Terms of Use'],
];
const SIGNED_IN: Array<[path: string, title: string]> = [
  ['/dashboard/home', 'Dashboard'],
  ['/dashboard/market', 'Market'],
  ['/dashboard/trade', 'Trade'],
  ['/dashboard/portfolio', 'Portfolio'],
  ['/dashboard/history', 'History'],
  ['/dashboard/wallet', 'Wallet'],
  ['/dashboard/referral', 'Referral'],
  ['/dashboard/support', 'Support'],
  ['/dashboard/notifications', 'Notifications'],
  ['/dashboard/profile', 'Profile'],
  ['/dashboard/security', 'Security'],
  ['/dashboard/verification', 'Verification'],
];

/**
 * Opens `path` once and runs axe on it in each variant (the page resized and its theme switched):
 * the findings, each with the screen and the variant it was found in.
 */
async function findingsOn(page: Page, path: string, title: string) {
  await page.goto(path);
  await expectTitle(page, title);
  // Skeletons and live figures first: axe judges the screen a person reads.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const findings: Array<TAxeFinding & { path: string; variant: string }> = [];
  await inEachVariant(page, async ({ theme, size }) => {
    const variant = `${size} px, ${theme}`;
    findings.push(...(await seriousAxeFindings(page)).map((finding) => ({ path, variant, ...finding })));
  });
  return findings;
}

describe('every screen passes axe without a serious finding', () => {
  // Each screen is loaded once and checked at a phone's width and a desktop's, in both themes.
  it('signed out, at 375 and 1440 px in both themes', { timeout: 180_000 }, async () => {
    const page = await env.openPage();
    const findings = [];
    for (const [path, title] of SIGNED_OUT) findings.push(...(await findingsOn(page, path, title)));
    expect(findings).toEqual([]);
  });

  it('signed in, at 375 and 1440 px in both themes', { timeout: 240_000 }, async () => {
    const page = await env.openPage({ token: trader.token });
    const findings = [];
    for (const [path, title] of SIGNED_IN) findings.push(...(await findingsOn(page, path, title)));
    expect(findings).toEqual([]);
  });
});

describe('axe as the journeys run it', () => {
  it('reports every element of a violation, with the rule and its impact', async () => {
    const page = await env.openPage();
    // Two nameless buttons and a picture without a text: what no screen may have.
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1><button id="first"></button><button id="second"></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="picture"></main></body></html>',
    );
    const findings = await seriousAxeFindings(page);
    expect(findings.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.length }))).toEqual(
      expect.arrayContaining([
        { id: 'button-name', impact: 'critical', nodes: 2 },
        { id: 'image-alt', impact: 'critical', nodes: 1 },
      ]),
    );
    expect(await axeViolations(page)).toEqual(
      expect.arrayContaining(['button-name (critical): #first, #second', 'image-alt (critical): #picture']),
    );
  });
});

describe('a dialog keeps the keyboard', () => {
  it('starts on its first field and cycles Tab within itself, both ways', async () => {
    const page = await env.openPage({ token: trader.token });
    await page.goto('/dashboard/portfolio');
    await expectTitle(page, 'Portfolio');
    await page
      .getByRole('button', { name: /^Partial close of / })
      .first()
      .click();
    const dialog = page.getByTestId('partial-close-dialog');
    await dialog.getByLabel('Amount to close (USD)').waitFor();
    const focusIsIn = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return {
          inside: Boolean(active?.closest('[data-testid="partial-close-dialog"]')),
          label: active?.getAttribute('aria-label') ?? active?.id ?? active?.tagName,
        };
      });
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect((await focusIsIn()).inside, `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focusIsIn()).inside, `Shift+Tab ${i + 1}`).toBe(true);
    }
  });
});
