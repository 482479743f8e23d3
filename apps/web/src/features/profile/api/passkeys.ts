import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPasskey, ZPasskeyOptions } from '@td/contracts/passkeys';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { profileQueryDefaults } from '../../../lib/query-client';

export const PASSKEYS_QUERY_KEY = ['profile', 'passkeys'] as const;

export const passkeysQueryOptions = queryOptions({
  queryKey: PASSKEYS_QUERY_KEY,
  queryFn: async () => (await api.get('/profile/passkeys', { schema: z.array(ZPasskey) })).data,
  ...profileQueryDefaults,
});

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

/**
 * Options from the server (after the current password), the browser makes the passkey (its own
 * dialog), the server checks and keeps it under `name`.
 */
async function addPasskey(input: { name: string; currentPassword?: string; code?: string }) {
  const { data: options } = await api.post(
    '/profile/passkeys/options',
    {
      ...(input.currentPassword === undefined ? {} : { currentPassword: input.currentPassword }),
      ...(input.code === undefined ? {} : { code: input.code }),
    },
    { schema: ZPasskeyOptions },
  );
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as never });
  return api.post('/profile/passkeys', { name: input.name, response }, { schema: ZPasskey });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/profile/passkeys/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}
