import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SETTINGS_ELEMENT_ID } from '@td/contracts/constants';
import type { TGeneralSettings, TPublicSettingGroup, TSettingsOf } from '@td/contracts/settings';
import { SETTING_DEFAULTS } from '@td/contracts/settings-defaults';
import type { z } from 'zod/mini';
import { api } from './api-client';
import { useIsRunning } from './browser-value';

/** A group as the server publishes it: `general` also says whether Google sign-in is on. */
export type TPublicSettingsOf<G extends TPublicSettingGroup> = G extends 'general'
  ? TGeneralSettings
  : TSettingsOf<G>;

const { admin: _backOffice, ...PUBLIC_DEFAULTS } = SETTING_DEFAULTS;
const DEFAULTS: { [G in TPublicSettingGroup]: TPublicSettingsOf<G> } = {
  ...PUBLIC_DEFAULTS,
  general: { ...SETTING_DEFAULTS.general, googleClientId: null, isMailInOutbox: false },
};

/** Each group's contract, loaded with the first read: the sign-in frame paints from the page's copy. */
const SCHEMA_NAME = {
  general: 'ZGeneralSettings',
  trading: 'ZTradingSettings',
  wallet: 'ZWalletSettings',
  referral: 'ZReferralSettings',
  kyc: 'ZKycSettings',
} as const satisfies { [G in TPublicSettingGroup]: string };

const loadSchema = (group: TPublicSettingGroup) => async (): Promise<z.ZodMiniType<unknown>> =>
  (await import('@td/contracts/settings'))[SCHEMA_NAME[group]];

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
  const { data } = await api.get(`/settings/${group}`, { schema: loadSchema(group), silent: true });
  return data as TPublicSettingsOf<G>;
}

/**
 * The general settings the server wrote into the page (web-app.ts), read once at start: the first
 * screen shows the product's name and sign-in choices without a call, and without loading the
 * validation library before it is needed. The server's own copy, as in the page's HTML; the first
 * refresh replaces it with a parsed read.
 */
function readPageSettings(): TGeneralSettings | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(PAGE_SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as TGeneralSettings) : undefined;
  } catch {
    return undefined;
  }
}

const PAGE_SETTINGS = readPageSettings();
const PAGE_READ_AT = Date.now();

export const settingsQueryOptions = <G extends TPublicSettingGroup>(group: G) =>
  queryOptions({
    queryKey: ['settings', 'public', group],
    queryFn: () => getSettings(group),
    initialData: () =>
      group === 'general' ? (PAGE_SETTINGS as TPublicSettingsOf<G> | undefined) : undefined,
    initialDataUpdatedAt: PAGE_READ_AT,
    refetchInterval: SETTINGS_REFRESH_MS,
    staleTime: SETTINGS_REFRESH_MS / 2,
  });

/**
 * A settings group, fetched once for the whole app (one query per group); the defaults until it
 * loads, or when it cannot.
 */
export function useSettings<G extends TPublicSettingGroup>(group: G): TPublicSettingsOf<G> {
  const { data } = useQuery(settingsQueryOptions(group));
  // A page drawn at build time holds the defaults: they stay until the app has taken it over.
  const isRunning = useIsRunning();
  return (isRunning ? data : undefined) ?? DEFAULTS[group];
}

/** The product's name as the administrator set it: the header, the page titles, the texts. */
export function useAppName(): string {
  return useSettings('general').appName;
}
