import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  capitalize,
  EMPTY_VALUE,
  formatDate,
  formatDateTime,
  formatFiguresIn,
  formatMoney,
  formatTimeAgo,
  readDecimalInput,
  setFormatLocale,
  shortenCurrency,
} from './format';

describe('formatMoney', () => {
  it.each<[string | null | undefined, number, string]>([
    // Thousands grouped, padded to the precision.
    ['1234.5', 2, '1,234.50'],
    ['1234567.891', 4, '1,234,567.8910'],
    ['100', 2, '100.00'],
    // Zero with the precision, also for a bare fraction.
    ['0', 2, '0.00'],
    ['.5', 2, '0.50'],
    ['5.', 2, '5.00'],
    ['000123.4', 2, '123.40'],
    // Half rounds away from zero, on the digits, without float error.
    ['1.005', 2, '1.01'],
    ['1.004', 2, '1.00'],
    ['-1.005', 2, '-1.01'],
    ['999.995', 2, '1,000.00'],
    ['0.1', 2, '0.10'],
    ['12345678901234567890.129', 2, '12,345,678,901,234,567,890.13'],
    // A negative keeps its sign; an explicit plus is read.
    ['-1234.5', 2, '-1,234.50'],
    ['+42', 2, '42.00'],
    // Never a negative zero.
    ['-0.001', 2, '0.00'],
    ['-0', 0, '0'],
    // No decimal point at precision 0.
    ['1234.5', 0, '1,235'],
    ['1234.4', 0, '1,234'],
    // An out-of-range precision is clamped.
    ['1.5', -3, '2'],
    ['1.25', 2.9, '1.25'],
    ['1', Number.NaN, '1'],
    ['1', 99, `1.${'0'.repeat(18)}`],
    // Surrounding spaces are trimmed.
    ['  12.3 ', 2, '12.30'],
    // A dash for missing or unreadable input.
    [null, 2, EMPTY_VALUE],
    [undefined, 2, EMPTY_VALUE],
    ['', 2, EMPTY_VALUE],
    ['.', 2, EMPTY_VALUE],
    ['abc', 2, EMPTY_VALUE],
    ['1e5', 2, EMPTY_VALUE],
    ['1,000', 2, EMPTY_VALUE],
  ])('shows %j at precision %d as %j', (value, precision, shown) => {
    expect(formatMoney(value, precision)).toBe(shown);
  });
});

describe('shortenCurrency', () => {
  it.each<[string | number | null | undefined, string]>([
    // Millions with M from 1,000,000.
    ['1250000', '1.25M'],
    ['1000000', '1M'],
    ['2500000000', '2,500M'],
    ['1234567.89', '1.23M'],
    // Thousands with K from 100,000; thousands that round up to 1000K are 1M.
    ['250500', '250.5K'],
    ['100000', '100K'],
    ['999994.99', '999.99K'],
    ['999999.999', '1M'],
    // Below 100,000 the full amount, with at most two decimals.
    ['99999.5', '99,999.5'],
    ['99999.999', '100,000'],
    ['12.345', '12.35'],
    ['0', '0'],
    // A negative amount is shortened by its size.
    ['-1500000', '-1.5M'],
    ['-250500', '-250.5K'],
    ['-42.1', '-42.1'],
    // Numbers too (counts, volumes).
    [1_250_000, '1.25M'],
    [250_500, '250.5K'],
    [42, '42'],
    // A dash for missing or unreadable input.
    [null, EMPTY_VALUE],
    [undefined, EMPTY_VALUE],
    ['n/a', EMPTY_VALUE],
    [Number.NaN, EMPTY_VALUE],
    [Number.POSITIVE_INFINITY, EMPTY_VALUE],
    [1e21, EMPTY_VALUE],
  ])('shows %j as %j', (value, shown) => {
    expect(shortenCurrency(value)).toBe(shown);
  });
});

describe('formatFiguresIn', () => {
  afterEach(() => setFormatLocale('en'));

  it('writes each figure of a message grouped, with the decimals it came with', () => {
    expect(formatFiguresIn('BTC/USD crossed above 42842.00: now 42850.5')).toBe(
      'BTC/USD crossed above 42,842.00: now 42,850.5',
    );
    expect(formatFiguresIn('Demo account reset to 10,000 USD')).toBe('Demo account reset to 10,000 USD');
  });

  it('uses the separators of the language shown, keeping a sign', () => {
    setFormatLocale('es');
    expect(formatFiguresIn('Stop loss hit: Sell BTC/USD 1000.00 USD at 42842.00, PnL -1234.5 USD')).toBe(
      'Stop loss hit: Sell BTC/USD 1.000,00 USD at 42.842,00, PnL -1.234,5 USD',
    );
    expect(formatFiguresIn('reset to 10,000 USD, +20.00 USD, 0.00012 BTC')).toBe(
      'reset to 10.000 USD, +20,00 USD, 0,00012 BTC',
    );
    setFormatLocale('ru');
    expect(formatFiguresIn('at 42842.00')).toBe('at 42\u00a0842,00');
  });

  it('leaves digits that are no figure as written', () => {
    setFormatLocale('es');
    const text =
      'New sign-in from 10.0.0.1 on 2026-03-05 at 14:05, Chrome 120.0.6099, ticket #1042.5, at most 5 images, v1.2';
    expect(formatFiguresIn(text)).toBe(text);
  });
});

describe('formatDate and formatDateTime', () => {
  // A time built from local parts reads back the same in any time zone the tests run in.
  const localMorning = new Date(2026, 2, 5, 9, 7, 30);

  it("formats an ISO time as 'DD MMM, YYYY' in local time", () => {
    expect(formatDate(localMorning.toISOString())).toBe('05 Mar, 2026');
  });

  it("formats an ISO time as 'DD MMM, YYYY HH:mm' in local time", () => {
    expect(formatDateTime(localMorning.toISOString())).toBe('05 Mar, 2026 09:07');
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('31 Dec, 2026 23:59');
  });

  it('accepts epoch milliseconds and Date objects', () => {
    expect(formatDate(localMorning.getTime())).toBe('05 Mar, 2026');
    expect(formatDateTime(localMorning)).toBe('05 Mar, 2026 09:07');
  });

  it('shows a dash for missing or unreadable input', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe(EMPTY_VALUE);
      expect(formatDateTime(value)).toBe(EMPTY_VALUE);
    }
  });

  describe('in a time zone ahead of UTC', () => {
    // Node re-reads TZ when it changes, so this moves the process's local time zone.
    beforeEach(() => {
      vi.stubEnv('TZ', 'Asia/Kolkata');
    });
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    it('shows the local day and time of a UTC instant', () => {
      // 20:00 UTC on 4 March is 01:30 on 5 March in India (UTC+5:30).
      expect(formatDate('2026-03-04T20:00:00Z')).toBe('05 Mar, 2026');
      expect(formatDateTime('2026-03-04T20:00:00Z')).toBe('05 Mar, 2026 01:30');
    });
  });
});

describe('capitalize', () => {
  it('upper-cases the first letter and keeps the rest', () => {
    expect(capitalize('email or password is incorrect')).toBe('Email or password is incorrect');
    expect(capitalize('Already capitalised')).toBe('Already capitalised');
    expect(capitalize('pIN')).toBe('PIN');
  });

  it('leaves an empty message empty', () => {
    expect(capitalize('')).toBe('');
  });
});

describe('formatTimeAgo', () => {
  const nowMs = Date.parse('2026-03-05T12:00:00Z');

  it('counts minutes and hours within a day', () => {
    expect(formatTimeAgo('2026-03-05T11:59:30Z', nowMs)).toBe('Just now');
    expect(formatTimeAgo('2026-03-05T11:55:00Z', nowMs)).toBe('5 min ago');
    expect(formatTimeAgo('2026-03-05T09:00:00Z', nowMs)).toBe('3 h ago');
  });

  it('gives the date and time beyond a day, and reads a future time as now', () => {
    expect(formatTimeAgo('2026-03-01T12:00:00Z', nowMs)).toBe(formatDateTime('2026-03-01T12:00:00Z'));
    expect(formatTimeAgo('2026-03-05T12:05:00Z', nowMs)).toBe('Just now');
    expect(formatTimeAgo('not a date', nowMs)).toBe(EMPTY_VALUE);
  });
});

describe('readDecimalInput', () => {
  afterEach(() => setFormatLocale('en'));

  it.each<['en' | 'es' | 'ru', string, string]>([
    // English, as typed and pasted.
    ['en', '42842.50', '42842.50'],
    ['en', '42,842.50', '42842.50'],
    ['en', '1,234,567', '1234567'],
    ['en', '42,842', '42842'],
    ['en', '42,5', '42.5'],
    ['en', ' 0.125 ', '0.125'],
    ['en', '', ''],
    ['en', '42.', '42.'],
    // Spanish and Russian, as their people write them.
    ['es', '42.842,50', '42842.50'],
    ['es', '42.842', '42842'],
    ['es', '42,5', '42.5'],
    ['es', '0.125', '0.125'],
    ['es', '42,', '42.'],
    ['ru', '42 842,50', '42842.50'],
    ['ru', '42\u00a0842,5', '42842.5'],
    ['ru', '0,125', '0.125'],
  ])('in %s reads %j as %j', (locale, typed, read) => {
    setFormatLocale(locale);
    expect(readDecimalInput(typed)).toBe(read);
  });

  it('refuses what is not a number', () => {
    for (const text of ['abc', '12a', '1.2.3,4,5', '1,2.3.4', '-5', '1e5'])
      expect(readDecimalInput(text), text).toBeNull();
  });
});
