// The back office's calls for the platform's settings: every public group of them, and saving a
// group's changed keys, which also refreshes the copies the rest of the app reads.
import { useQuery } from '@tanstack/react-query';
import type { TSettingGroup } from '@td/contracts/settings';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export const ADMIN_SETTINGS_KEY = ['admin', 'settings'] as const;

/** GET /admin/settings → every public group. */
export const useAdminSettings = () =>
  useQuery({
    queryKey: ADMIN_SETTINGS_KEY,
    queryFn: async () =>
      (await api.get('/admin/settings', { schema: z.record(z.string(), z.record(z.string(), z.unknown())) }))
        .data,
  });

/** PUT /admin/settings/{name} with the changed keys. */
export const updateSettings = ({
  group,
  values,
}: {
  group: TSettingGroup;
  values: Record<string, unknown>;
}) => api.put(`/admin/settings/${group}`, values);

/** The public copies the app reads (/settings/{name}) refresh too. */
export const useUpdateSettings = () =>
  useRefreshingMutation(updateSettings, [ADMIN_SETTINGS_KEY, ['settings']]);
