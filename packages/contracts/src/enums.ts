// The schemas of the lists in constants.ts: a value must be one of them. Apart from the lists, so
// that code needing only a list (the web app's first page) carries no validation library.
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
