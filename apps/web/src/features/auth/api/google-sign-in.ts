import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGoogleCallbackRequest } from '@td/contracts/auth';
import { api } from '../../../lib/api-client';
import { loadTokenData } from './auth-contracts';

/**
 * GET /auth/google/start: a navigation, not a call. The server sets the flow's cookie (state,
 * PKCE verifier, nonce; HttpOnly) and sends the browser on to Google, which returns it to
 * /authentication/googleCallback?code=…&state=….
 */
export const GOOGLE_START_URL = '/auth/google/start';

/**
 * POST /auth/google/callback {code, state} (the code flow this browser started; its cookie goes
 * along) → "Login successful", {token}; `tfa` when two-factor is on. The first sign-in creates a
 * verified account. {credential} (an ID token) is the other flow the server takes.
 */
export function googleSignIn(body: TGoogleCallbackRequest) {
  return api.post('/auth/google/callback', body, { schema: loadTokenData, silent: true });
}

/**
 * The callback as a query keyed by the code: React may mount the screen twice in development,
 * and a code (like its flow's cookie) serves one attempt, so it is sent once.
 */
export const googleCallbackQueryOptions = (code: string, state: string) =>
  queryOptions({
    queryKey: ['auth', 'google-callback', code],
    queryFn: () => googleSignIn({ code, state }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useGoogleCallback(code: string, state: string) {
  return useQuery({ ...googleCallbackQueryOptions(code, state), enabled: Boolean(code && state) });
}
