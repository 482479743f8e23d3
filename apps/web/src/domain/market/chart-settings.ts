// Reads and saves the user's chart indicators, kept on the server so they are the same on every
// device; a save shows on screen at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_CHART_SETTINGS, type TChartSettings, ZChartSettings } from '@td/contracts/chart-settings';
import { api } from '../../lib/api-client';
import { useProfileSetting } from '../../lib/profile-setting';

export const CHART_SETTINGS_QUERY_KEY = ['profile', 'chart-settings'] as const;

/** GET /profile/chart-settings: the user's indicators, the same on every device. */
export function useChartSettings(): TChartSettings {
  return useProfileSetting(CHART_SETTINGS_QUERY_KEY, ZChartSettings, 5 * 60_000) ?? DEFAULT_CHART_SETTINGS;
}

/** PUT /profile/chart-settings: shown at once, kept on the server for the user's other devices. */
export function useSaveChartSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TChartSettings) =>
      api.put('/profile/chart-settings', settings, { schema: ZChartSettings }),
    onMutate: (settings) => queryClient.setQueryData(CHART_SETTINGS_QUERY_KEY, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHART_SETTINGS_QUERY_KEY }),
  });
}
