import { DATE_FORMAT, DATE_TIME_FORMAT, SHORTEN_K_FROM, SHORTEN_M_FROM } from '@td/contracts/constants';

// Display formatting. Money arrives as decimal strings ("1234.5") and is formatted as a string:
// no value is ever turned into a float, so "0.1" + rounding never shows "0.09999".

/** Shown in place of a value that cannot be read (missing, malformed, not a date). */
export const EMPTY_VALUE = '—';

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?$/;
const MAX_PRECISION = 18;

export interface TDecimalParts {
  isNegative: boolean;
  /** Digits before the point, no leading zeros ('' for zero). */
  integer: string;
  /** Digits after the point, as given. */
  fraction: string;
}

/** A decimal string's sign and digits ('-012.50' → -, '12', '50'); null when it is no decimal. */
export function parseDecimal(value: string): TDecimalParts | null {
  const match = DECIMAL_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, sign = '', integer = '', fraction = ''] = match;
  if (integer === '' && fraction === '') return null;
  return { isNegative: sign === '-', integer: integer.replace(/^0+/, ''), fraction };
}

/** Rounds half away from zero to `precision` decimals, on digits only. */
function roundParts(parts: TDecimalParts, precision: number): TDecimalParts {
  const padded = parts.fraction.padEnd(precision + 1, '0');
  const kept = padded.slice(0, precision);
  const nextDigit = padded.charAt(precision);
  let scaled = BigInt(`${parts.integer || '0'}${kept}`);
  if (nextDigit >= '5') scaled += 1n;
  const digits = scaled.toString().padStart(precision + 1, '0');
  const integer = digits.slice(0, digits.length - precision).replace(/^0+/, '');
  const fraction = precision > 0 ? digits.slice(digits.length - precision) : '';
  const isZero = /^0*$/.test(integer) && /^0*$/.test(fraction);
  // "-0.00" would read as a loss; a value that rounds to zero is plain zero.
  return { isNegative: parts.isNegative && !isZero, integer, fraction };
}

/**
 * The separators of the language the app is shown in (English: '1,234.50'; Spanish '1.234,50';
 * Russian '1 234,50'), taken from Intl once per language; digits stay our own, exact, string work.
 */
let separators = { group: ',', decimal: '.' };
/** "5 min ago" in the language shown (English keeps the product's own short words). */
let relativeTime: Intl.RelativeTimeFormat | undefined;
/** Dates as the language writes them ('26 nov 2026', '26 нояб. 2026 г.'); English: the product's own. */
let dateFormats:
  | { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat; dayTime: Intl.DateTimeFormat }
  | undefined;

export function setFormatLocale(locale: string): void {
  if (locale === 'en') {
    separators = { group: ',', decimal: '.' };
    relativeTime = undefined;
    dateFormats = undefined;
    return;
  }
  const parts = new Intl.NumberFormat(locale, {
    useGrouping: 'always',
  } as Intl.NumberFormatOptions).formatToParts(12345.6);
  separators = {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
  relativeTime = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  dateFormats = {
    date: new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short', year: 'numeric' }),
    dateTime: new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short', year: 'numeric', ...time }),
    dayTime: new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short', ...time }),
  };
}

/**
 * What a person typed or pasted into a number field, as the product's decimal text ('1234.5'), or
 * null when it is not a number. Spaces (a Russian '1 234,5') are dropped. With both a point and a
 * comma, the last one is the decimal separator ('42.842,50' and '42,842.50' are both 42842.50);
 * one of them several times is grouping ('1.234.567'); once, it is the decimal separator, unless it
 * is the language's grouping character with exactly three digits after it ('42.842' in Spanish is
 * 42842, '42,842' in English too; '42,5' is 42.5 in either). A number still being typed ('42,',
 * ',5') is kept as it stands.
 */
export function readDecimalInput(text: string): string | null {
  // `\s` covers the no-break spaces Russian and French group with.
  const compact = text.replace(/[\s']/g, '');
  if (!/^[\d.,]*$/.test(compact)) return null;
  const lastPoint = compact.lastIndexOf('.');
  const lastComma = compact.lastIndexOf(',');
  let decimal: string | undefined;
  if (lastPoint >= 0 && lastComma >= 0) decimal = lastPoint > lastComma ? '.' : ',';
  else if (lastPoint >= 0 || lastComma >= 0) {
    const mark = lastPoint >= 0 ? '.' : ',';
    const [whole = '', after, ...more] = compact.split(mark);
    const isGrouping =
      more.length > 0 ||
      (mark === separators.group && /^[1-9]\d{0,2}$/.test(whole) && /^\d{3}$/.test(after ?? ''));
    decimal = isGrouping ? undefined : mark;
  }
  const group = decimal === '.' ? ',' : decimal === ',' ? '.' : /[.,]/g;
  const [integer = '', fraction, ...extra] = compact.replaceAll(group, '').split(decimal ?? '\u0000');
  if (extra.length > 0 || /[.,]/.test(integer)) return null;
  return fraction === undefined ? integer : `${integer}.${fraction}`;
}

function groupThousands(integer: string): string {
  return (integer || '0').replace(/\B(?=(\d{3})+(?!\d))/g, separators.group);
}

function clampPrecision(precision: number): number {
  if (!Number.isFinite(precision)) return 0;
  return Math.min(MAX_PRECISION, Math.max(0, Math.trunc(precision)));
}

/**
 * Formats a decimal string with thousands separators and exactly `precision` decimals
 * ('1234.5', 2 → '1,234.50'). A fixed number of decimals keeps columns aligned when the
 * figures use tabular numerals. Unreadable input gives '—'.
 */
export function formatMoney(value: string | null | undefined, precision: number): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const parts = parseDecimal(value);
  if (!parts) return EMPTY_VALUE;
  const digits = clampPrecision(precision);
  const rounded = roundParts(parts, digits);
  const sign = rounded.isNegative ? '-' : '';
  const fraction = digits > 0 ? `${separators.decimal}${rounded.fraction}` : '';
  return `${sign}${groupThousands(rounded.integer)}${fraction}`;
}

/**
 * A figure as a server writes it into a message: '42842.00', '10,000', '1,234.56' (a sign before
 * it is kept apart). Digits that are no figure stay out: a date (2026-03-05), a time (14:05), an
 * address (10.0.0.1), a version (v1.2), an id (#1042), a count without decimals (5 images).
 */
const WRITTEN_FIGURE = /(?<![\w.,:/#-])([+-]?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+)(?!\w|[.,:]\d)/g;

/**
 * The figures of a server's message in the language shown, each with the decimals it was written
 * with: 'BTC/USD superó 42842.00' → 'BTC/USD superó 42.842,00' in Spanish, '42,842.00' in English.
 */
export function formatFiguresIn(text: string): string {
  return text.replace(WRITTEN_FIGURE, (_whole, sign: string, figure: string) => {
    const plain = figure.replaceAll(',', '');
    return `${sign}${formatMoney(plain, plain.split('.')[1]?.length ?? 0)}`;
  });
}

/** Turns a finite number into a plain decimal string (no exponent) for the string formatters. */
function numberToDecimal(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  // toFixed avoids exponent notation below 1e21; larger counts are out of any display range.
  return Math.abs(value) < 1e21 ? value.toFixed(8) : null;
}

/** Moves the decimal point `places` digits to the left: an exact division by 10^places. */
function shiftLeft(parts: TDecimalParts, places: number): TDecimalParts {
  const integer = parts.integer.padStart(places, '0');
  const cut = integer.length - places;
  return {
    isNegative: parts.isNegative,
    integer: integer.slice(0, cut).replace(/^0+/, ''),
    fraction: `${integer.slice(cut)}${parts.fraction}`,
  };
}

function compareToThreshold(parts: TDecimalParts, threshold: number): boolean {
  return BigInt(parts.integer || '0') >= BigInt(threshold);
}

function formatShort(parts: TDecimalParts, suffix: string): string {
  const rounded = roundParts(parts, 2);
  const fraction = rounded.fraction.replace(/0+$/, '');
  const sign = rounded.isNegative ? '-' : '';
  return `${sign}${groupThousands(rounded.integer)}${fraction ? `${separators.decimal}${fraction}` : ''}${suffix}`;
}

/**
 * Shortens large amounts for tight spaces: from 1,000,000 'M' ('1.25M'), from 100,000 'K'
 * ('250.5K'), below that the full amount with grouping and at most two decimals ('99,999.5').
 */
export function shortenCurrency(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const decimal = typeof value === 'number' ? numberToDecimal(value) : value;
  const parts = decimal === null ? null : parseDecimal(decimal);
  if (!parts) return EMPTY_VALUE;

  if (compareToThreshold(parts, SHORTEN_M_FROM)) return formatShort(shiftLeft(parts, 6), 'M');
  if (compareToThreshold(parts, SHORTEN_K_FROM)) {
    const thousands = shiftLeft(parts, 3);
    // 999,999.999 rounds to "1000K": show it as the next unit instead.
    if (compareToThreshold(roundParts(thousands, 2), 1000)) return formatShort(shiftLeft(parts, 6), 'M');
    return formatShort(thousands, 'K');
  }
  return formatShort(parts, '');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Fills the tokens of DATE_FORMAT / DATE_TIME_FORMAT (YYYY, MMM, DD, HH, mm) in local time. */
function formatPattern(date: Date, pattern: string): string {
  return pattern.replace(/YYYY|MMM|DD|HH|mm/g, (token) => {
    switch (token) {
      case 'YYYY':
        return String(date.getFullYear());
      case 'MMM':
        return MONTHS[date.getMonth()] ?? '';
      case 'DD':
        return pad2(date.getDate());
      case 'HH':
        return pad2(date.getHours());
      default:
        return pad2(date.getMinutes());
    }
  });
}

/** An ISO time (or epoch milliseconds) as 'DD MMM, YYYY' in the user's time zone: '05 Mar, 2026'. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return EMPTY_VALUE;
  return dateFormats ? dateFormats.date.format(date) : formatPattern(date, DATE_FORMAT);
}

/** An ISO time (or epoch milliseconds) as 'DD MMM, YYYY HH:mm' in the user's time zone. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return EMPTY_VALUE;
  return dateFormats ? dateFormats.dateTime.format(date) : formatPattern(date, DATE_TIME_FORMAT);
}

/** An ISO time as 'DD MMM HH:mm' in the user's time zone, for times in the coming days: '27 Nov 14:30'. */
export function formatDayTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return EMPTY_VALUE;
  return dateFormats ? dateFormats.dayTime.format(date) : formatPattern(date, 'DD MMM HH:mm');
}

/** 'email or password is incorrect' → 'Email or password is incorrect'. */
export function capitalize(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago, for "last seen" columns: 'Just now' under a minute, then minutes and hours up to a
 * day, then the date and time ('05 Mar, 2026 14:05'). A time in the future reads as 'Just now'.
 */
export function formatTimeAgo(value: string | number | Date | null | undefined, nowMs = Date.now()): string {
  const date = toDate(value);
  if (!date) return EMPTY_VALUE;
  const elapsedMs = nowMs - date.getTime();
  if (elapsedMs < MINUTE_MS) return relativeTime ? capitalize(relativeTime.format(0, 'second')) : 'Just now';
  if (elapsedMs < HOUR_MS) {
    const minutes = Math.floor(elapsedMs / MINUTE_MS);
    return relativeTime ? relativeTime.format(-minutes, 'minute') : `${minutes} min ago`;
  }
  if (elapsedMs < DAY_MS) {
    const hours = Math.floor(elapsedMs / HOUR_MS);
    return relativeTime ? relativeTime.format(-hours, 'hour') : `${hours} h ago`;
  }
  return formatPattern(date, DATE_TIME_FORMAT);
}
