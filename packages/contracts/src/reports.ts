import { z } from 'zod/mini';
import { ZCoin, ZOneOf } from './enums';
import { isCalendarDate } from './kyc';

/** The first day a daily report may be asked for. */
export const REPORT_DAY_MIN = '2000-01-01';

export const FUTURE_REPORT_DAY_MESSAGE = 'The date must not be in the future';

/** Why a report's day is refused on `today`'s date (it has not come yet), or undefined. */
export const reportDayProblem = (day: string, today: Date): string | undefined =>
  day <= today.toISOString().slice(0, 10) ? undefined : FUTURE_REPORT_DAY_MESSAGE;

/**
 * A UTC day, `YYYY-MM-DD`, from 2000 on (the document says so: `format: date`, a year from 2000).
 * Whether it has come yet depends on the day it is asked, so the route checks that
 * (`reportDayProblem`), not the schema.
 */
export const ZReportDay = z.string({ error: 'Enter the date as YYYY-MM-DD' }).check(
  z.maxLength(10, 'Enter the date as YYYY-MM-DD'),
  z.meta({ format: 'date', pattern: '^[2-9]\\d{3}-\\d{2}-\\d{2}$' }),
  z.refine(isCalendarDate, 'Enter the date as YYYY-MM-DD'),
  z.refine((text) => text >= REPORT_DAY_MIN, `The date must be ${REPORT_DAY_MIN} or later`),
);

export const ZDailyReportQuery = z.object({ date: ZReportDay });

/** The columns of the daily report's CSV, in order. */
export const DAILY_REPORT_COLUMNS = [
  'Order ID',
  'User ID',
  'E-mail',
  'Account',
  'Pair',
  'Side',
  'Type',
  'Amount',
  'Leverage',
  'Open price',
  'Opened at',
  'Close price',
  'Closed at',
  'Status',
  'Reason',
  'Fee',
  'Swap',
  'Result',
] as const;

export const REPORT_FORMATS = ['json', 'csv'] as const;
export const ZClientMoneyQuery = z.object({
  format: z._default(ZOneOf(REPORT_FORMATS), 'json'),
});

/**
 * One coin of the wallet's record: what was credited in and sent out (in the coin), what that
 * leaves on record, and its USD value at the current price (null without a price usable now).
 */
export const ZClientMoneyCoin = z.object({
  coin: ZCoin,
  deposited: z.string(),
  withdrawn: z.string(),
  held: z.string(),
  /** USD per coin now, or null. */
  price: z.nullable(z.string()),
  /** `held` × `price` in USD, or null. */
  heldValue: z.nullable(z.string()),
  /** USD credited for its deposits and taken for its withdrawals, as booked. */
  depositedUsd: z.string(),
  withdrawnUsd: z.string(),
});
export type TClientMoneyCoin = z.infer<typeof ZClientMoneyCoin>;

/**
 * What clients' Real balances owe against what the wallet holds on record. Real balances are one
 * USD book, so the liability is one USD figure; the wallet's coins are valued at current prices.
 */
export const ZClientMoney = z.object({
  coins: z.array(ZClientMoneyCoin),
  /** Users' Real cash, margin held by open positions, and their sum (USD). */
  liability: z.object({ cash: z.string(), margin: z.string(), total: z.string() }),
  /** Sum of the coins' `heldValue` (coins without a price left out, see `unpricedCoins`). */
  heldValue: z.string(),
  /** `heldValue` − `liability.total`: negative when the record does not cover what clients hold. */
  difference: z.string(),
  unpricedCoins: z.array(ZCoin),
  asOf: z.string(),
});
export type TClientMoney = z.infer<typeof ZClientMoney>;
