// The product's fixed numbers, names and lists, shared by the server and the web app (no validation code).
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const PRICE_POLL_MS = 5000;

// Socket.IO client options: reconnect after 1 s, backing off to 5 s, with jitter so a server restart
// is not met by every client at the same instant.
export const SOCKET_OPTIONS = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

export const DEFAULT_PAIR = 'BTC_USDT';

// Interval codes are TradingView's: minutes as digits, then day and week.
export const CHART_INTERVALS = ['1', '5', '15', '30', '60', '240', '1D', '1W'] as const;
export type TChartInterval = (typeof CHART_INTERVALS)[number];
export const DEFAULT_INTERVAL: TChartInterval = '60';
/** Candles per request of a chart: a screenful at any zoom, well under the server's maximum. */
export const KLINES_PAGE_SIZE = 500;
// '1M' is not offered on the chart but still needs a length for history ranges; a month counts
// as 30 days.
export const INTERVAL_MS = {
  '1': MINUTE_MS,
  '5': 5 * MINUTE_MS,
  '15': 15 * MINUTE_MS,
  '30': 30 * MINUTE_MS,
  '60': 60 * MINUTE_MS,
  '240': 240 * MINUTE_MS,
  '1D': DAY_MS,
  '1W': 7 * DAY_MS,
  '1M': 30 * DAY_MS,
} as const satisfies Record<TChartInterval | '1M', number>;

// Order size in USD.
export const AMOUNT_MIN = 10;
export const AMOUNT_MAX = 100_000_000;
export const PRICE_PRECISIONS = [2, 4] as const;

// Amounts from these thresholds up are shortened to 1.2M / 150K.
export const SHORTEN_M_FROM = 1_000_000;
export const SHORTEN_K_FROM = 100_000;

export const COINS = ['usdt', 'bnb', 'eth', 'matic', 'tron', 'btc'] as const;
export type TCoin = (typeof COINS)[number];
// Bitcoin can be deposited but not withdrawn.
export const WITHDRAW_COINS = ['usdt', 'bnb', 'eth', 'matic', 'tron'] as const satisfies readonly TCoin[];
export type TWithdrawCoin = (typeof WITHDRAW_COINS)[number];
// MATIC was renamed POL on chain; the code stays `matic` on the wire.
export const COIN_LABEL = {
  usdt: 'USDT',
  bnb: 'BNB',
  eth: 'ETH',
  matic: 'POL',
  tron: 'TRX',
  btc: 'BTC',
} as const satisfies Record<TCoin, string>;

export const NETWORKS = ['polygon', 'ethereum', 'tron', 'bsc', 'bitcoin'] as const;
export type TNetwork = (typeof NETWORKS)[number];
export const NETWORK_LABEL = {
  polygon: 'Polygon',
  ethereum: 'Ethereum',
  tron: 'Tron',
  bsc: 'BSC',
  bitcoin: 'Bitcoin',
} as const satisfies Record<TNetwork, string>;
export const NETWORKS_BY_COIN = {
  usdt: ['polygon', 'ethereum', 'tron', 'bsc'],
  bnb: ['bsc'],
  eth: ['ethereum'],
  matic: ['polygon'],
  tron: ['tron'],
  btc: ['bitcoin'],
} as const satisfies Record<TCoin, readonly TNetwork[]>;

// Day.js-style tokens (MMM is the short month name, HH the 24-hour clock) for the web app's formatter.
export const DATE_FORMAT = 'DD MMM, YYYY';
export const DATE_TIME_FORMAT = 'DD MMM, YYYY HH:mm';

export const PAIR_FILTERS = ['all', 'crypto', 'stock', 'forex', 'favorites'] as const;
export type TPairFilter = (typeof PAIR_FILTERS)[number];

export const PERIODS = ['all', '1Y', '1M', '1W'] as const;
export type TPeriod = (typeof PERIODS)[number];

export const ACCOUNTS = ['demo', 'real'] as const;
export type TAccount = (typeof ACCOUNTS)[number];
// Where a request leaves the account out it means real money, never practice money by accident.
export const DEFAULT_ACCOUNT: TAccount = 'real';
export const DEMO_START_BALANCE = '10000';

export const TOAST_LIMIT = 20;
// Keyed by react-hot-toast's toast types; a loading toast stays until its promise settles.
export const TOAST_DURATION_MS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  custom: 4000,
  loading: Number.POSITIVE_INFINITY,
} as const;
export const TOAST_REMOVE_DELAY_MS = 1000;
export const TOAST_MAX_WIDTH = '350px';

export const THEMES = ['dark', 'light'] as const;
export type TTheme = (typeof THEMES)[number];
/** The theme when neither the user nor the system says (a browser with no preference). */
export const DEFAULT_THEME: TTheme = 'dark';

// Version of the persisted browser store; bump it when its shape changes so old state is migrated.
export const STORE_VERSION = 0.2;
export const MOBILE_BREAKPOINT_PX = 768;
export const TOKEN_STORAGE_KEY = 'TOKEN';
/**
 * The element of every page the server sends that holds the public general settings as JSON: the
 * web app's first screen shows the product's name and sign-in choices without asking for them.
 */
export const PAGE_SETTINGS_ELEMENT_ID = 'page-settings';

// The web app's API client (apps/web/src/lib/http.ts) reads this cookie and echoes it in this
// header; the server checks they match.
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';

// The account currency is USD and USDT is credited one to one, so users see USD.
export const DISPLAY_CURRENCY = { USDT: 'USD' } as const;
const displayByCode = new Map<string, string>(Object.entries(DISPLAY_CURRENCY));
// Coin codes are lower-case on the wire and asset codes upper-case in pair symbols; both match.
export const displayAsset = (code: string): string => displayByCode.get(code.toUpperCase()) ?? code;
/** A pair symbol as users read it: 'BTC_USDT' → 'BTC/USD', 'EUR_USD' → 'EUR/USD'. */
export function displaySymbol(symbol: string): string {
  const [base = '', quote = ''] = symbol.split('_');
  return quote ? `${displayAsset(base)}/${displayAsset(quote)}` : symbol;
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
