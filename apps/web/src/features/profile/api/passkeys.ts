// The calls behind the passkeys card: list them, add one (the server's options after a proof of who
// asks, the browser's own passkey dialog, then the server keeps it) and remove one.
import { useQuery } from '@tanstack/react-query';
import type { TProof } from '@td/contracts/auth';
import { ZPasskey, ZPasskeyOptions } from '@td/contracts/passkeys';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { listQueryOptions } from './list-query';

export const PASSKEYS_QUERY_KEY = ['profile', 'passkeys'] as const;

/** GET /profile/passkeys → the user's passkeys (name, synced or not, last used). */
export const passkeysQueryOptions = listQueryOptions(PASSKEYS_QUERY_KEY, '/profile/passkeys', ZPasskey);

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

/**
 * Options from the server (after the proof beyond the session: the current password or an
 * e-mailed code, and the authenticator code when two-factor is on), the browser makes the passkey
 * (its own dialog), the server checks and keeps it under `name`.
 */
async function addPasskey({ name, ...proof }: { name: string } & TProof) {
  const { data: options } = await api.post('/profile/passkeys/options', proof, { schema: ZPasskeyOptions });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as never });
  return api.post('/profile/passkeys', { name, response }, { schema: ZPasskey });
}

export function useAddPasskey() {
  return useRefreshingMutation(addPasskey, [PASSKEYS_QUERY_KEY]);
}

export function useRemovePasskey() {
  return useRefreshingMutation(
    (id: string) => api.delete<unknown>(`/profile/passkeys/${encodeURIComponent(id)}`),
    [PASSKEYS_QUERY_KEY],
  );
}
