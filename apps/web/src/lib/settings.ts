import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  SETTING_DEFAULTS,
  type TGeneralSettings,
  type TPublicSettingGroup,
  type TSettingsOf,
  ZGeneralSettings,
  ZKycSettings,
  ZReferralSettings,
  ZTradingSettings,
  ZWalletSettings,
} from '@td/contracts/settings';
import type { z } from 'zod/mini';
import { api } from './api-client';

/** A group as the server publishes it: `general` also says whether Google sign-in is on. */
export type TPublicSettingsOf<G extends TPublicSettingGroup> = G extends 'general'
  ? TGeneralSettings
  : TSettingsOf<G>;

const { admin: _backOffice, ...PUBLIC_DEFAULTS } = SETTING_DEFAULTS;
const DEFAULTS: { [G in TPublicSettingGroup]: TPublicSettingsOf<G> } = {
  ...PUBLIC_DEFAULTS,
  general: { ...SETTING_DEFAULTS.general, googleClientId: null, isMailInOutbox: false },
};

const SCHEMA: { [G in TPublicSettingGroup]: z.ZodMiniType<unknown> } = {
  general: ZGeneralSettings,
  trading: ZTradingSettings,
  wallet: ZWalletSettings,
  referral: ZReferralSettings,
  kyc: ZKycSettings,
};

/**
 * How soon an administrator's change reaches an open app: the server drops its cache at once, the
 * app re-reads this often (and on focus).
 */
const SETTINGS_REFRESH_MS = 60_000;

/**
 * GET /settings/{name}: a public group, parsed with its contract. Silent: every screen works on the
 * defaults while the settings cannot load.
 */
export async function getSettings<G extends TPublicSettingGroup>(group: G): Promise<TPublicSettingsOf<G>> {
  const { data } = await api.get(`/settings/${group}`, { schema: SCHEMA[group], silent: true });
  return data as TPublicSettingsOf<G>;
}

export const settingsQueryOptions = <G extends TPublicSettingGroup>(group: G) =>
  queryOptions({
    queryKey: ['settings', 'public', group],
    queryFn: () => getSettings(group),
    refetchInterval: SETTINGS_REFRESH_MS,
    staleTime: SETTINGS_REFRESH_MS / 2,
  });

/**
 * A settings group, fetched once for the whole app (one query per group); the defaults until it
 * loads, or when it cannot.
 */
export function useSettings<G extends TPublicSettingGroup>(group: G): TPublicSettingsOf<G> {
  const { data } = useQuery(settingsQueryOptions(group));
  return data ?? DEFAULTS[group];
}

/** The product's name as the administrator set it: the header, the page titles, the texts. */
export function useAppName(): string {
  return useSettings('general').appName;
}
