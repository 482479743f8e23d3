import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error: a plain script (no types), run by the build as well.
import { checkDictionaries } from '../../scripts/check-i18n.mjs';
import { formatDate, formatDateTime, formatMoney, formatTimeAgo, setFormatLocale } from './format';
import { applyLanguage, type TLanguage, t, translateServerMessage } from './i18n';

describe('translations', () => {
  // It reads every dictionary and the server's messages from the sources: seconds on a busy machine.
  it('cover every key of English in every language, with the same placeholders and tags', {
    timeout: 60_000,
  }, () => {
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

  it('write dates and times ago as each language does; English keeps the product’s own format', () => {
    const at = new Date(2026, 2, 5, 14, 5);
    expect(formatDateTime(at)).toBe('05 Mar, 2026 14:05');
    expect(formatTimeAgo(at.getTime() - 5 * 60_000, at.getTime())).toBe('5 min ago');
    setFormatLocale('es');
    expect(formatDate(at)).toBe('05 mar 2026');
    expect(formatDateTime(at)).toBe('05 mar 2026, 14:05');
    expect(formatTimeAgo(at.getTime() - 5 * 60_000, at.getTime())).toBe('hace 5 min');
    setFormatLocale('ru');
    expect(formatDate(at)).toBe('05 мар. 2026 г.');
    expect(formatTimeAgo(at.getTime(), at.getTime())).toBe('Сейчас');
  });
});

describe('server messages in the language shown', () => {
  beforeAll(() => vi.stubGlobal('document', { documentElement: { lang: 'en' } }));
  afterAll(async () => {
    await applyLanguage('en');
    vi.unstubAllGlobals();
  });

  it.each<[TLanguage, string, string]>([
    // Translated by its text; an unknown one is left as sent.
    ['es', 'Order cancelled', 'Orden cancelada'],
    ['es', 'A message no dictionary has', 'A message no dictionary has'],
    // The parts of a message with figures placed, a part that is a message itself translated.
    ['es', 'Order rejected: Not enough free margin', 'Orden rechazada: No hay suficiente margen libre'],
    ['es', 'BTC/USD crossed above 51000.00: now 51005.00', 'BTC/USD superó 51.000,00: ahora 51.005,00'],
    [
      'es',
      'Take profit hit: Buy BTC/USD 1000.00 USD (demo) at 51000.00, PnL +20.00 USD',
      'Take profit alcanzado: Compra BTC/USD 1.000,00 USD (demo) a 51.000,00, PnL +20,00 USD',
    ],
    ['es', 'Closed for Thanksgiving Day', 'Cerrado por Día de Acción de Gracias'],
    // The figures of a message written as the language does, in English too.
    ['en', 'BTC/USD crossed below 42842.00: now 42840.10', 'BTC/USD crossed below 42,842.00: now 42,840.10'],
    [
      'ru',
      'Limit order filled: Buy BTC/USD 1500.00 USD at 42842.00',
      'Лимитный ордер исполнен: Покупка BTC/USD 1\u00a0500,00 USD по 42\u00a0842,00',
    ],
    // A field said by its label, in the form the message needs.
    ['ru', 'Last name must be at most 50 characters', 'Фамилия: не более 50 символов'],
    ['ru', 'Enter your last name', 'Введите фамилию'],
    ['ru', 'Enter your legal last name', 'Укажите фамилию по документам'],
  ])('in %s show %j as %j', async (language, message, shown) => {
    await applyLanguage(language);
    expect(translateServerMessage(message)).toBe(shown);
  });
});
