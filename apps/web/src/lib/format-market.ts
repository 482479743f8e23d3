import { displayAsset, displaySymbol, type TChartInterval } from '@td/contracts/constants';
import {
  EMPTY_VALUE,
  formatDayTime,
  formatMoney,
  parseDecimal,
  shortenCurrency,
  type TDecimalParts,
} from './format';
import { currentLanguage, t } from './i18n';

// Display formatting for market data: pairs, prices, 24-hour change, volume, chart intervals and
// chart time labels. Prices stay decimal strings all the way to the screen (see format.ts).

/** 'BTC', 'USDT' → 'BTC/USD': the account currency is USD and USDT is shown as USD. */
export function displayPair(base: string, quote: string): string {
  return `${displayAsset(base)}/${displayAsset(quote)}`;
}

/** A pair symbol as users read it: 'BTC_USDT' → 'BTC/USD', 'EUR_USD' → 'EUR/USD'. */
export { displaySymbol };

/** A price with the pair's precision and thousands separators: ('50655.1', 2) → '50,655.10'. */
export function formatPrice(value: string | null | undefined, pricePrecision: number): string {
  return formatMoney(value, pricePrecision);
}

/** A price the server wrote with its pair's decimals, kept as given: '40552.66' → '40,552.66'. */
export function formatGivenPrice(value: string | null | undefined): string {
  return formatMoney(value, value?.split('.')[1]?.length ?? 0);
}

export type TChangeDirection = 'up' | 'down' | 'flat';

/** A decimal string's parts as a value: the fraction without trailing zeros, zero never negative. */
function valueParts(value: string): TDecimalParts | null {
  const parts = parseDecimal(value);
  if (!parts) return null;
  const fraction = parts.fraction.replace(/0+$/, '');
  const isZero = parts.integer === '' && fraction === '';
  return { isNegative: parts.isNegative && !isZero, integer: parts.integer, fraction };
}

/** Whether a decimal string is above, below or at zero; unreadable input counts as flat. */
export function changeDirection(change: string | null | undefined): TChangeDirection {
  const parts = change ? valueParts(change) : null;
  if (!parts || (parts.integer === '' && parts.fraction === '')) return 'flat';
  return parts.isNegative ? 'down' : 'up';
}

export interface TFormattedChange {
  /** '+3.09%', '-1.25%', '0.00%'. */
  text: string;
  direction: TChangeDirection;
}

const CHANGE_PRECISION = 2;

/**
 * A 24-hour change in percent ('-1.25' from the API) with its sign: '+3.09%' or '-1.25%', and
 * whether it went up or down (the colour). A change that rounds to zero is '0.00%' and flat, so a
 * tiny move never shows as a red '-0.00%'.
 */
export function formatChange(change: string | null | undefined): TFormattedChange {
  if (change === null || change === undefined) return { text: EMPTY_VALUE, direction: 'flat' };
  const rounded = formatMoney(change, CHANGE_PRECISION);
  if (rounded === EMPTY_VALUE) return { text: EMPTY_VALUE, direction: 'flat' };
  const direction = changeDirection(rounded.replace(/,/g, ''));
  return { text: `${direction === 'up' ? '+' : ''}${rounded}%`, direction };
}

/** 24-hour volume in USD, shortened for tight columns: '25,167.76M', '250.5K', '99,999.5'. */
export function formatVolume(value: string | null | undefined): string {
  return shortenCurrency(value);
}

function compareMagnitude(a: TDecimalParts, b: TDecimalParts): number {
  if (a.integer.length !== b.integer.length) return a.integer.length < b.integer.length ? -1 : 1;
  if (a.integer !== b.integer) return a.integer < b.integer ? -1 : 1;
  const width = Math.max(a.fraction.length, b.fraction.length);
  const fractionA = a.fraction.padEnd(width, '0');
  const fractionB = b.fraction.padEnd(width, '0');
  if (fractionA === fractionB) return 0;
  return fractionA < fractionB ? -1 : 1;
}

/**
 * Orders two decimal strings by value ('9.5' < '10', '-2' < '-1.5') without turning them into
 * floats, for sorting price and change columns. Unreadable values sort first.
 */
export function compareDecimal(a: string | null | undefined, b: string | null | undefined): number {
  const partsA = a ? valueParts(a) : null;
  const partsB = b ? valueParts(b) : null;
  if (!partsA || !partsB) return partsA ? 1 : partsB ? -1 : 0;
  if (partsA.isNegative !== partsB.isNegative) return partsA.isNegative ? -1 : 1;
  const magnitude = compareMagnitude(partsA, partsB);
  return partsA.isNegative ? -magnitude : magnitude;
}

/** How the chart's interval buttons read ('60' → '1h'); the codes are TradingView's. */
export const INTERVAL_LABEL = {
  '1': '1m',
  '5': '5m',
  '15': '15m',
  '30': '30m',
  '60': '1h',
  '240': '4h',
  '1D': '1D',
  '1W': '1W',
} as const satisfies Record<TChartInterval, string>;

/** The accessible name of an interval button ('60' → '1 hour'). */
export const INTERVAL_NAME = {
  '1': '1 minute',
  '5': '5 minutes',
  '15': '15 minutes',
  '30': '30 minutes',
  '60': '1 hour',
  '240': '4 hours',
  '1D': '1 day',
  '1W': '1 week',
} as const satisfies Record<TChartInterval, string>;

/** Whether candles of this interval start at a time of day worth printing (below a day). */
export function isIntradayInterval(interval: TChartInterval): boolean {
  return interval !== '1D' && interval !== '1W';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The chart's dates in a language other than English, as that language writes them. */
const chartFormats = new Map<
  string,
  { month: Intl.DateTimeFormat; day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }
>();
function chartFormatsOf(language: string) {
  let formats = chartFormats.get(language);
  if (!formats) {
    const day = { weekday: 'short', day: '2-digit', month: 'short', year: 'numeric' } as const;
    formats = {
      month: new Intl.DateTimeFormat(language, { month: 'short' }),
      day: new Intl.DateTimeFormat(language, day),
      time: new Intl.DateTimeFormat(language, {
        ...day,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
    };
    chartFormats.set(language, formats);
  }
  return formats;
}

/** What a chart time-axis label shows, coarsest first (lightweight-charts' TickMarkType order). */
export type TChartTickKind = 'year' | 'month' | 'day' | 'time' | 'time-seconds';

/**
 * A time-axis label in the user's local time: '2026' at a new year, 'Nov' at a new month,
 * '21' at a new day, '14:05' within a day ('14:05:30' with seconds).
 */
export function formatChartTick(timeMs: number, kind: TChartTickKind): string {
  const date = new Date(timeMs);
  if (Number.isNaN(date.getTime())) return '';
  switch (kind) {
    case 'year':
      return String(date.getFullYear());
    case 'month':
      return currentLanguage() === 'en'
        ? (MONTHS[date.getMonth()] ?? '')
        : chartFormatsOf(currentLanguage()).month.format(date);
    case 'day':
      return String(date.getDate());
    case 'time':
      return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
    case 'time-seconds':
      return `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
  }
}

/**
 * The crosshair's time label in local time: 'Sat 21 Nov, 2026 14:05' for intraday candles,
 * 'Sat 21 Nov, 2026' for daily and weekly ones.
 */
export function formatChartTime(timeMs: number, isIntraday: boolean): string {
  const date = new Date(timeMs);
  if (Number.isNaN(date.getTime())) return '';
  const language = currentLanguage();
  if (language !== 'en') return chartFormatsOf(language)[isIntraday ? 'time' : 'day'].format(date);
  const weekday = date.toLocaleDateString('en-GB', { weekday: 'short' });
  const day = `${weekday} ${pad2(date.getDate())} ${MONTHS[date.getMonth()] ?? ''}, ${date.getFullYear()}`;
  return isIntraday ? `${day} ${pad2(date.getHours())}:${pad2(date.getMinutes())}` : day;
}

/** When a closed market opens, in the user's time: 'Opens 30 Nov 14:30'; '' while it is open. */
export function marketOpensText(pair: { marketOpensAt: string | null }): string {
  return pair.marketOpensAt ? t('market.opensAt', { time: formatDayTime(pair.marketOpensAt) }) : '';
}
