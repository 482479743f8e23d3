// The platform's settings as administrators change them and the web app reads them: the groups
// (general, trading, wallet, referral, KYC, admin), what each may hold and within what bounds, and
// each network's wallet defaults. The group defaults live apart, in settings-defaults.ts.
import { z } from 'zod/mini';
import type { TNetwork } from './constants';
import { ZDecimalString } from './decimal';
import { ZNetwork, ZOneOf } from './enums';
import { ZSafeText } from './text';
import { LEVERAGE_MAX, ZUsdInput } from './trading';

export const SETTING_GROUPS = ['general', 'trading', 'wallet', 'referral', 'kyc', 'admin'] as const;
export const ZSettingGroup = ZOneOf(SETTING_GROUPS);
export type TSettingGroup = z.infer<typeof ZSettingGroup>;
/** The groups anyone may read (`GET /settings/{name}`); `admin` is the back-office's own. */
export const PUBLIC_SETTING_GROUPS = SETTING_GROUPS.filter(
  (group): group is Exclude<TSettingGroup, 'admin'> => group !== 'admin',
);
export type TPublicSettingGroup = (typeof PUBLIC_SETTING_GROUPS)[number];
export const ZPublicSettingGroup = ZOneOf(PUBLIC_SETTING_GROUPS);

/** Bounds of `admin.approvalThreshold` (USD): a balance operation above it needs a second member of staff. */
export const APPROVAL_THRESHOLD_MIN = '0';
export const APPROVAL_THRESHOLD_MAX = '1000000';

// A rate is a decimal fraction written as a string ("0.0005" = 0.05 %), never a float.
const ZRate = z
  .string()
  .check(
    z.regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'Must be a fraction between 0 and 1 with at most 6 decimals'),
  );
const ZAmount = ZUsdInput('Amount');
const ZLeverage = z.number().check(z.int(), z.minimum(1), z.maximum(LEVERAGE_MAX));

/** How long a withdrawal's price holds (seconds): long enough to read it and type a code, short enough not to be a free option. */
export const QUOTE_TTL_SECONDS_MIN = 15;
export const QUOTE_TTL_SECONDS_MAX = 3600;

/** How old a quote may be and still be traded on (milliseconds). */
export const MAX_QUOTE_AGE_MS_MIN = 500;
export const MAX_QUOTE_AGE_MS_MAX = 600_000;

/** A length of time as a whole number of `units`, within bounds; the bounds' messages say `short`. */
const ZWholeSpan = ({ min, max }: { min: number; max: number }, units: string, short = units) =>
  z
    .number()
    .check(
      z.int(`Must be a whole number of ${units}`),
      z.minimum(min, `Must be at least ${min} ${short}`),
      z.maximum(max, `Must be at most ${max} ${short}`),
    );

/** One network's wallet settings (money in USD, as decimal strings). */
export const ZNetworkSettings = z.object({
  confirmations: z
    .number({ error: 'Enter a whole number of confirmations' })
    .check(
      z.int('Enter a whole number of confirmations'),
      z.minimum(1, 'At least 1 confirmation'),
      z.maximum(10_000, 'At most 10,000 confirmations'),
    ),
  minDeposit: ZUsdInput('Minimum deposit'),
  minWithdraw: ZUsdInput('Minimum withdrawal'),
  maxWithdraw: ZUsdInput('Maximum withdrawal'),
  fee: ZUsdInput('Withdrawal fee'),
  /** The USDT contract watched and sent on this network. */
  usdtContract: z
    .string()
    .check(
      z.maxLength(100, 'A contract address is at most 100 characters'),
      z.regex(/^[A-Za-z0-9]*$/, 'A contract address is letters and digits'),
    ),
});
export type TNetworkSettings = z.infer<typeof ZNetworkSettings>;

/** Confirmations as exchanges commonly ask; the contracts are USDT's on each mainnet. */
export const NETWORK_DEFAULTS: Record<TNetwork, TNetworkSettings> = {
  ethereum: {
    confirmations: 12,
    minDeposit: '10',
    minWithdraw: '20',
    maxWithdraw: '100000',
    fee: '5',
    usdtContract: '0xdac17f958d2ee523a2206206994597c13d831ec7',
  },
  polygon: {
    confirmations: 128,
    minDeposit: '1',
    minWithdraw: '10',
    maxWithdraw: '100000',
    fee: '1',
    usdtContract: '0xc2132d05d31c914a87c6611c10748aeb04b58e8f',
  },
  bsc: {
    confirmations: 15,
    minDeposit: '1',
    minWithdraw: '10',
    maxWithdraw: '100000',
    fee: '1',
    usdtContract: '0x55d398326f99059ff775485246999027b3197955',
  },
  tron: {
    confirmations: 19,
    minDeposit: '1',
    minWithdraw: '10',
    maxWithdraw: '100000',
    fee: '1',
    usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  },
  bitcoin: {
    confirmations: 3,
    minDeposit: '10',
    minWithdraw: '50',
    maxWithdraw: '100000',
    fee: '10',
    usdtContract: '',
  },
};

/** What an administrator may write in each group; every key optional, unknown keys dropped. */
export const ZSettingsPatch = {
  general: z.object({
    appName: ZSafeText('App name', { min: 1, max: 60 }),
    /** A banner shown to every user while set (planned maintenance, an incident). */
    maintenanceNotice: z.nullable(ZSafeText('Maintenance notice', { max: 300 })),
    supportEmail: z.email().check(z.maxLength(200)),
  }),
  trading: z.object({
    openingFeeRate: ZRate,
    demoStartBalance: ZAmount,
    minAmount: ZAmount,
    maxAmount: ZAmount,
    maxLeverage: z.object({ crp: ZLeverage, forex: ZLeverage, stocks: ZLeverage }),
    /** A quote older than this is not traded on: market orders wait for a fresh price. */
    maxQuoteAgeMs: ZWholeSpan({ min: MAX_QUOTE_AGE_MS_MIN, max: MAX_QUOTE_AGE_MS_MAX }, 'milliseconds', 'ms'),
    /**
     * The order ticket asks the user to confirm an order that puts (margin and fee) more than this
     * share of the account's free margin at stake (0.5 = half of it); 1 asks only above all of it.
     */
    confirmOrderAboveShare: ZRate,
  }),
  wallet: z.object({
    /** Withdrawals above this many USD wait for an administrator (`suspicous`). */
    reviewAbove: ZAmount,
    depositsEnabled: z.boolean(),
    withdrawalsEnabled: z.boolean(),
    /** A withdrawal's quote (its rate) can be confirmed for this many seconds after it was priced. */
    quoteTtlSeconds: ZWholeSpan({ min: QUOTE_TTL_SECONDS_MIN, max: QUOTE_TTL_SECONDS_MAX }, 'seconds'),
    /** Per network, what differs from the built-in defaults (confirmations, minimums, fee, USDT contract). */
    networks: z.partialRecord(ZNetwork, z.partial(ZNetworkSettings)),
  }),
  referral: z.object({
    /** The share of a referred user's opening fees (real account) paid to the referrer. */
    commissionRate: ZRate,
    isEnabled: z.boolean(),
  }),
  kyc: z.object({
    /** Countries (ISO 3166 codes) where the service is not offered: their residents stay at level 0. */
    blockedCountries: z
      .array(z.string().check(z.regex(/^[A-Z]{2}$/, 'A country is two capital letters (ISO 3166), e.g. US')))
      .check(z.maxLength(250)),
    /** What a verified identity (level 2) may withdraw in 24 hours, in USD; below level 2, nothing. */
    level2DailyWithdrawal: ZAmount,
  }),
  admin: z.object({
    /**
     * A balance operation of more than this many USD (either way) waits as `pending` until a second
     * member of staff approves it; 0 sends every operation for approval.
     */
    approvalThreshold: ZDecimalString('Approval threshold', {
      scale: 2,
      min: APPROVAL_THRESHOLD_MIN,
      max: APPROVAL_THRESHOLD_MAX,
    }),
  }),
} as const;
/**
 * `PUT /admin/settings/{group}` as the route reads it: named keys, whose values the group's own
 * schema above checks (a bad one is a 400 naming its field).
 */
export const ZSettingsPatchBody = z.record(
  z.string().check(z.maxLength(40), z.regex(/^[A-Za-z][A-Za-z0-9]*$/, 'Not a setting')),
  z.unknown(),
);
export type TSettingsOf<G extends TSettingGroup> = z.infer<(typeof ZSettingsPatch)[G]>;

/** The public settings as the web app reads them; `general` also carries facts of the configuration. */
export const ZGeneralSettings = z.extend(ZSettingsPatch.general, {
  googleClientId: z.nullable(z.string()),
  /** Development without SMTP: the server keeps its mails on its outbox page (/dev/outbox). */
  isMailInOutbox: z._default(z.boolean(), false),
});
export const ZTradingSettings = ZSettingsPatch.trading;
export const ZWalletSettings = ZSettingsPatch.wallet;
export const ZReferralSettings = ZSettingsPatch.referral;
export const ZKycSettings = ZSettingsPatch.kyc;
export type TGeneralSettings = z.infer<typeof ZGeneralSettings>;
export type TTradingSettings = z.infer<typeof ZTradingSettings>;
export type TReferralSettings = z.infer<typeof ZReferralSettings>;

// The defaults live apart, free of the validation library: the web app's first page reads them.
export { SETTING_DEFAULTS } from './settings-defaults';

/** The event a change of settings sends on the bus (and to no one else): every process drops its copy. */
export const SETTINGS_CHANGED_CHANNEL = 'settings.changed';
