import { useMutation } from '@tanstack/react-query';
import type { TSigninRequest } from '@td/contracts/auth';
import { api } from '../../../lib/api-client';
import { loadTokenData } from './auth-contracts';

/**
 * POST /auth/signin → "Login successful", {token}. The token's type claim (normal, email, tfa)
 * says what comes next (useStartSession). A failure is the server's 401 'Email or password is
 * incorrect', toasted by the API client.
 */
export function signIn(body: TSigninRequest) {
  return api.post('/auth/signin', body, { schema: loadTokenData });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
