import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script (no types), run by the build as well.
import { checkDictionaries } from '../../scripts/check-i18n.mjs';
import { formatMoney, setFormatLocale } from './format';
import { t } from './i18n';

describe('translations', () => {
  it('cover every key of English in every language, with the same placeholders and tags', () => {
    expect(checkDictionaries()).toEqual([]);
  });

  it('fill placeholders, and leave unknown ones as written', () => {
    expect(t('login.subtitle', { app: 'Trading Desk' })).toBe(
      'Welcome back. Log in to your Trading Desk account.',
    );
    expect(t('login.subtitle')).toBe('Welcome back. Log in to your {app} account.');
  });
});

describe('figures in the language shown', () => {
  afterEach(() => setFormatLocale('en'));

  it('group and mark decimals as each language writes them, digits unchanged', () => {
    expect(formatMoney('1234567.5', 2)).toBe('1,234,567.50');
    setFormatLocale('es');
    expect(formatMoney('1234567.5', 2)).toBe('1.234.567,50');
    setFormatLocale('ru');
    expect(formatMoney('-1234567.5', 2)).toBe('-1\u00a0234\u00a0567,50');
  });
});
