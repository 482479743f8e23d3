// The calls behind the API keys card: list the user's keys (never their secrets), create one (the
// only answer that carries its secret) and revoke one; each change refetches the list.
import { useQuery } from '@tanstack/react-query';
import { type TCreateApiKeyRequest, ZApiKey, ZCreatedApiKey } from '@td/contracts/api-keys';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { listQueryOptions } from './list-query';

export const API_KEYS_QUERY_KEY = ['profile', 'api-keys'] as const;

/** GET /profile/api-keys → the user's live API keys (never their secrets). */
export const apiKeysQueryOptions = listQueryOptions(API_KEYS_QUERY_KEY, '/profile/api-keys', ZApiKey);

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}

/** POST /profile/api-keys → the new key with its secret, which no later answer carries. */
export function useCreateApiKey() {
  return useRefreshingMutation(
    (body: TCreateApiKeyRequest) => api.post('/profile/api-keys', body, { schema: ZCreatedApiKey }),
    [API_KEYS_QUERY_KEY],
  );
}

/** DELETE /profile/api-keys/{id}: the key stops working at once. */
export function useRevokeApiKey() {
  return useRefreshingMutation(
    (id: string) => api.delete<unknown>(`/profile/api-keys/${encodeURIComponent(id)}`),
    [API_KEYS_QUERY_KEY],
  );
}
