import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api-client';
import { tradingKeys } from './query-keys';

/** The server's default opening fee (SPEC §6), used until the settings arrive. */
export const DEFAULT_OPENING_FEE_RATE = '0.0005';
const SETTINGS_STALE_MS = 5 * 60_000;

const ZTradingSettings = z.object({ openingFeeRate: z.union([z.string(), z.number()]).transform(String) });

/** GET /settings/trading → the opening fee rate ('0.0005' = 0.05 % of the amount). */
export async function getTradingSettings() {
  const { data } = await api.get('/settings/trading', { schema: ZTradingSettings, silent: true });
  return data;
}

export const tradingSettingsQueryOptions = queryOptions({
  queryKey: tradingKeys.settings,
  queryFn: getTradingSettings,
  staleTime: SETTINGS_STALE_MS,
});

/** The opening fee rate; the default while loading or when the settings cannot load. */
export function useOpeningFeeRate(): string {
  return useQuery(tradingSettingsQueryOptions).data?.openingFeeRate ?? DEFAULT_OPENING_FEE_RATE;
}
