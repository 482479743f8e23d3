import { inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { settings } from './settings.schema';

export const SETTING_GROUPS = ['general', 'trading', 'wallet', 'referral'] as const;
export type TSettingGroup = (typeof SETTING_GROUPS)[number];

/**
 * What each group holds until an administrator changes it. Money and rates are decimal strings,
 * as everywhere on the wire.
 */
export const SETTING_DEFAULTS: Record<TSettingGroup, Record<string, unknown>> = {
  general: { appName: 'Trading Desk', maintenanceNotice: null },
  trading: { openingFeeRate: '0.0005', demoStartBalance: '10000' },
  wallet: { reviewAbove: '10000' },
  referral: { commissionRate: '0.2' },
};

/** Public settings: the defaults, overlaid with what is stored, plus facts of the configuration. */
export function createSettingsService(db: Database, facts: { googleClientId: string | undefined }) {
  return {
    async read(group: TSettingGroup): Promise<Record<string, unknown>> {
      const [row] = await db
        .select()
        .from(settings)
        .where(inArray(settings.name, [group]));
      const stored =
        row && typeof row.value === 'object' && row.value ? (row.value as Record<string, unknown>) : {};
      const value = { ...SETTING_DEFAULTS[group], ...stored };
      return group === 'general' ? { ...value, googleClientId: facts.googleClientId ?? null } : value;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
