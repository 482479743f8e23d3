import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, showVariant } from '../support/browser';
import { callApi, createUser, openPositionByApi } from '../support/factories';
import { useJourneyEnvironment } from '../support/journey';
import { REPO_ROOT } from '../support/server';

// Every signed-in screen and every back-office screen, opened by a browser that prefers Spanish or
// Russian: no text a user reads or hears (text, accessible names, placeholders, titles) is one of
// the web app's English texts that the language says otherwise, and the server's answers on the
// way (toasts, notices) arrive in the language too.

const env = useJourneyEnvironment({}, { adminPrefix: 'admin' });

const I18N = join(REPO_ROOT, 'apps', 'web', 'src', 'i18n');
const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8'));

/** Every text of the web app by key: the sign-in screens' and the signed-in areas'. */
function textsOf(language: string): Map<string, string> {
  const texts = new Map(
    Object.entries(readJson(join(I18N, `${language}.json`)).ui as Record<string, string>),
  );
  for (const area of readdirSync(I18N).filter((name) => statSync(join(I18N, name)).isDirectory()))
    for (const [key, text] of Object.entries(readJson(join(I18N, area, `${language}.json`))))
      texts.set(key, text as string);
  return texts;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English texts that `language` writes otherwise, as whole-text patterns (a placeholder
 * matches anything). Texts with markup are drawn in pieces and left out; so are texts of fewer
 * than four letters, which are codes and abbreviations more often than words.
 */
function untranslatedPatterns(language: string): { text: string; pattern: RegExp }[] {
  const english = textsOf('en');
  const translated = textsOf(language);
  const patterns: { text: string; pattern: RegExp }[] = [];
  for (const [key, text] of english) {
    const other = translated.get(key) ?? translated.get(key.replace(/\.(one|other)$/, '.many'));
    if (other === text || /<\w+>/.test(text) || (text.match(/\p{L}/gu) ?? []).length < 4) continue;
    const source = escapeRegExp(text).replace(/\\\{\w+\\\}/g, '.+');
    patterns.push({ text, pattern: new RegExp(`^${source}$`, 's') });
  }
  return patterns;
}

/** What a user reads or hears on the page: its text nodes and its accessible names, hints and titles. */
function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (node.parentElement?.closest('script, style')) continue;
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    return texts;
  });
}

/** Waits until the screen has drawn its data (nothing busy, no placeholders). */
async function settle(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('[aria-busy="true"]') === null &&
      document.querySelector('[class*="skeleton"]') === null,
    undefined,
    { timeout: 20_000 },
  );
}

const USER_SCREENS = [
  '/dashboard/home',
  '/dashboard/trade',
  '/dashboard/portfolio',
  '/dashboard/market',
  '/dashboard/history',
  '/dashboard/referral',
  '/dashboard/wallet',
  '/dashboard/support',
  '/dashboard/support/new',
  '/dashboard/profile',
  '/dashboard/security',
  '/dashboard/verification',
  '/dashboard/notifications',
];

const ADMIN_SCREENS = [
  '/admin/users',
  '/admin/tickets',
  '/admin/orders',
  '/admin/withdrawals',
  '/admin/kyc',
  '/admin/pairs',
  '/admin/groups',
  '/admin/settings',
  '/admin/audit',
];

const LANGUAGES = [
  { locale: 'es-ES', language: 'es', theme: 'light', phoneTheme: 'dark' },
  { locale: 'ru-RU', language: 'ru', theme: 'dark', phoneTheme: 'light' },
] as const;

/** The screen's path as a screenshot's name: '/dashboard/support/new' → 'support-new'. */
const nameOf = (path: string) => path.split('/').slice(2).join('-');

describe('the screens in each language', () => {
  for (const { locale, language, theme, phoneTheme } of LANGUAGES) {
    describe(locale, () => {
      const patterns = untranslatedPatterns(language);
      // People's names are their own (the seeded administrator is called "Administrator").
      const names = new Set(['Administrator']);
      let userToken = '';
      let adminToken = '';

      beforeAll(async () => {
        expect(patterns.length).toBeGreaterThan(500);
        const user = await createUser(env);
        userToken = user.token;
        names.add(user.firstName).add(user.lastName);
        // The account speaks the language too (a browser without a pick follows the account's).
        await callApi(env.server, 'PUT', '/profile', { body: { language }, token: user.token });
        await openPositionByApi(env.server, user.token, { account: 'demo', amount: '1000', leverage: 5 });
        await callApi(env.server, 'POST', '/alerts', {
          body: { symbol: 'BTC_USDT', above: '900000' },
          token: user.token,
        });
        adminToken = await env.signInAdmin();
        await callApi(env.server, 'PUT', '/profile', { body: { language }, token: adminToken });
      });

      const check = async (page: Page, path: string, shot: string) => {
        await settle(page);
        const texts = (await readableTexts(page)).filter((text) => !names.has(text));
        const found = texts.flatMap((text) =>
          patterns.filter(({ pattern }) => pattern.test(text)).map((each) => `${text} (“${each.text}”)`),
        );
        // And no sentence in English the dictionaries do not know (two of its commonest words).
        const sentences = texts.filter(
          (text) =>
            (text.match(/\b(the|and|your|you|of|to|is|are|for|with|this|not|can|be)\b/gi) ?? []).length >= 2,
        );
        expect([...found, ...sentences], `English on ${path} (${shot})`).toEqual([]);
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        await screenshot(page, shot, { fullPage: true });
      };

      // Each screen is loaded once and read at a desktop's width, then at a phone's (which draws
      // parts of its own), each in its own theme.
      const VARIANTS = [
        { theme, viewport: { width: 1440, height: 900 } },
        { theme: phoneTheme, viewport: { width: 375, height: 812 } },
      ] as const;
      const visit = async (token: string, paths: readonly string[]) => {
        const page = await env.openPage({ token, locale, colorScheme: theme });
        for (const path of paths) {
          await page.goto(path);
          for (const variant of VARIANTS) {
            await showVariant(page, variant);
            const shot = `lang-${language}-${nameOf(path)}-${variant.viewport.width}-${variant.theme}`;
            await check(page, path, shot);
          }
        }
      };

      // One test per area: each opens a dozen screens, each a full page load.
      const TIMEOUT = { timeout: 180_000 };
      it('every signed-in screen at 1440 and 375 px', TIMEOUT, () => visit(userToken, USER_SCREENS));
      it('every back-office screen at 1440 and 375 px', TIMEOUT, () => visit(adminToken, ADMIN_SCREENS));
    });
  }
});
