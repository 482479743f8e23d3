// The schemas of the lists in constants.ts: a value must be one of them. Apart from the lists, so
// that code needing only a list (the web app's first page) carries no validation library. Also the
// schema of any list whose refusal names every value it takes.
import { z } from 'zod/mini';
import {
  ACCOUNTS,
  CHART_INTERVALS,
  COINS,
  NETWORKS,
  PAIR_FILTERS,
  PERIODS,
  THEMES,
  WITHDRAW_COINS,
} from './constants';

export const ZChartInterval = z.enum(CHART_INTERVALS);
export const ZCoin = z.enum(COINS);
export const ZWithdrawCoin = z.enum(WITHDRAW_COINS);
export const ZNetwork = z.enum(NETWORKS);
export const ZPairFilter = z.enum(PAIR_FILTERS);
export const ZPeriod = z.enum(PERIODS);
export const ZAccount = z.enum(ACCOUNTS);
export const ZTheme = z.enum(THEMES);

/** A value of `values`, refused with a message that lists them all ("Must be one of json, csv"). */
export const ZOneOf = <const T extends readonly string[]>(values: T) =>
  z.enum(values, { error: `Must be one of ${values.join(', ')}` });
