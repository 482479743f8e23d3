import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

// Only the field this feature reads. TODO: use the settings contract from @td/contracts once the
// server publishes one, so this shape is not written twice.
const ZGeneralSettings = z.object({ googleClientId: z.string().min(1).nullish().catch(null) });
export type TGeneralSettings = z.infer<typeof ZGeneralSettings>;

/** GET /settings/general: public settings; `googleClientId` turns Google sign-in on. */
export function getGeneralSettings() {
  // Silent: a login screen without the Google button is still a working login screen.
  return api.get('/settings/general', { schema: ZGeneralSettings, silent: true });
}

export const generalSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'general'],
  queryFn: async () => (await getGeneralSettings()).data,
  staleTime: 5 * 60_000,
  retry: false,
  refetchOnWindowFocus: false,
});

export function useGeneralSettings() {
  return useQuery(generalSettingsQueryOptions);
}
