// What each settings group holds until an administrator changes it. A module of its own, without
// the validation library, so that a page needing only the defaults (the web app's sign-in frame)
// carries none of the settings' schemas.
import { AMOUNT_MAX, AMOUNT_MIN } from './constants';
import type { TSettingGroup, TSettingsOf } from './settings';

/** What each group holds until an administrator changes it. */
export const SETTING_DEFAULTS: { [G in TSettingGroup]: TSettingsOf<G> } = {
  general: { appName: 'Trading Desk', maintenanceNotice: null, supportEmail: 'support@tradingdesk.example' },
  trading: {
    openingFeeRate: '0.0005',
    demoStartBalance: '10000',
    minAmount: String(AMOUNT_MIN),
    maxAmount: String(AMOUNT_MAX),
    maxLeverage: { crp: 20, forex: 100, stocks: 10 },
    maxQuoteAgeMs: 5000,
    confirmOrderAboveShare: '0.5',
  },
  wallet: {
    reviewAbove: '10000',
    depositsEnabled: true,
    withdrawalsEnabled: true,
    quoteTtlSeconds: 60,
    networks: {},
  },
  referral: { commissionRate: '0.2', isEnabled: true },
  kyc: { blockedCountries: [], level2DailyWithdrawal: '50000' },
  admin: { approvalThreshold: '1000' },
};
