import { useMutation, useQuery } from '@tanstack/react-query';
import {
  GOOGLE_NONCE_TTL_S,
  type TGoogleCallbackRequest,
  ZGoogleNonceData,
  ZTokenData,
} from '@td/contracts/auth';
import { api } from '../../../lib/api-client';

/** A fresh nonce a little before the server's cookie for it expires. */
const NONCE_REFRESH_MS = (GOOGLE_NONCE_TTL_S - 60) * 1000;

/**
 * GET /auth/google/nonce → {nonce}, and an HttpOnly cookie binding it to this browser. Google puts
 * the nonce in the ID token it signs; the server takes that token only with this browser's cookie,
 * and once.
 */
export function getGoogleNonce() {
  return api.get('/auth/google/nonce', { schema: ZGoogleNonceData, silent: true });
}

export function useGoogleNonce() {
  return useQuery({
    queryKey: ['auth', 'google-nonce'],
    queryFn: async () => (await getGoogleNonce()).data.nonce,
    staleTime: NONCE_REFRESH_MS,
    refetchInterval: NONCE_REFRESH_MS,
    refetchOnWindowFocus: false,
    gcTime: 0,
    retry: false,
  });
}

/**
 * POST /auth/google/callback {credential} (Google's ID token, with the nonce from
 * getGoogleNonce) → "Login successful", {token}; `tfa` when two-factor is on. The first sign-in
 * creates a verified account.
 */
export function googleSignIn(body: TGoogleCallbackRequest) {
  return api.post('/auth/google/callback', body, { schema: ZTokenData });
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: googleSignIn });
}
