import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  SETTING_DEFAULTS,
  type TSettingGroup,
  type TSettingsOf,
  ZGeneralSettings,
  ZReferralSettings,
  ZTradingSettings,
  ZWalletSettings,
} from '@td/contracts/settings';
import type { z } from 'zod';
import { api } from './api-client';

const SCHEMA: { [G in TSettingGroup]: z.ZodType<unknown> } = {
  general: ZGeneralSettings,
  trading: ZTradingSettings,
  wallet: ZWalletSettings,
  referral: ZReferralSettings,
};

/**
 * How soon an administrator's change reaches an open app: the server drops its cache at once, the
 * app re-reads this often (and on focus).
 */
const SETTINGS_REFRESH_MS = 60_000;

/** GET /settings/{name}: a public group, parsed with its contract. */
export async function getSettings<G extends TSettingGroup>(group: G): Promise<TSettingsOf<G>> {
  const { data } = await api.get(`/settings/${group}`, { schema: SCHEMA[group], silent: true });
  return data as TSettingsOf<G>;
}

export const settingsQueryOptions = <G extends TSettingGroup>(group: G) =>
  queryOptions({
    queryKey: ['settings', 'public', group],
    queryFn: () => getSettings(group),
    refetchInterval: SETTINGS_REFRESH_MS,
    staleTime: SETTINGS_REFRESH_MS / 2,
  });

/** A settings group; the defaults until it loads (or when it cannot). */
export function useSettings<G extends TSettingGroup>(group: G): TSettingsOf<G> {
  const { data } = useQuery(settingsQueryOptions(group));
  return (data ?? SETTING_DEFAULTS[group]) as TSettingsOf<G>;
}
