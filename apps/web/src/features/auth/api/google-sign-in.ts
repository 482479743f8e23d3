import { useMutation } from '@tanstack/react-query';
import { type TGoogleCallbackRequest, ZTokenData } from '@td/contracts/auth';
import { api } from '../../../lib/api-client';

/**
 * POST /auth/google/callback {accessToken} (token flow) → "Login successful", {token}; `tfa` when
 * two-factor is on. The first sign-in creates a verified account.
 */
export function googleSignIn(body: TGoogleCallbackRequest) {
  return api.post('/auth/google/callback', body, { schema: ZTokenData });
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: googleSignIn });
}
