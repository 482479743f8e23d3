import { useMutation, useQuery } from '@tanstack/react-query';
import type { TPasskeyOptions } from '@td/contracts/passkeys';
import { api } from '../../../lib/api-client';
import { loadPasskeyContract, loadTokenData } from './auth-contracts';
import { bearer } from './auth-header';

/**
 * Asks the browser for a passkey answering `options` (its own dialog, Touch ID, a phone nearby).
 * The WebAuthn helper is loaded on first use: the login page does not carry it otherwise.
 */
export async function answerWithPasskey(options: TPasskeyOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options as never });
}

/** Options from the server, the browser's passkey, the server's token: a sign-in without a password. */
async function signInWithPasskey() {
  const { data: options } = await api.post('/auth/passkeys/signin/options', undefined, {
    schema: loadPasskeyContract('ZPasskeyOptions'),
  });
  const response = await answerWithPasskey(options);
  return api.post('/auth/passkeys/signin', { response }, { schema: loadTokenData });
}

export function usePasskeySignIn() {
  return useMutation({ mutationFn: signInWithPasskey });
}

/** The second factor of a password sign-in, answered by one of the account's passkeys. */
async function passkeySecondFactor(tempToken: string) {
  const headers = bearer(tempToken);
  const { data: options } = await api.post('/auth/passkeys/2fa/options', undefined, {
    schema: loadPasskeyContract('ZPasskeyOptions'),
    headers,
  });
  const response = await answerWithPasskey(options);
  return api.post('/auth/passkeys/2fa', { response }, { schema: loadTokenData, headers });
}

export function usePasskeySecondFactor() {
  return useMutation({ mutationFn: passkeySecondFactor });
}

/** GET /auth/2fa/methods: whether the sign-in can be finished with the app's code, a passkey, or both. */
export function useSecondFactorMethods(tempToken: string) {
  return useQuery({
    queryKey: ['auth', '2fa-methods', tempToken],
    queryFn: async () =>
      (
        await api.get('/auth/2fa/methods', {
          schema: loadPasskeyContract('ZSecondFactorMethods'),
          headers: bearer(tempToken),
          silent: true,
        })
      ).data,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
