import { useMutation } from '@tanstack/react-query';
import { type TSignupRequest, ZTokenData } from '@td/contracts/auth';
import { api } from '../../../lib/api-client';

/** POST /auth/signup → 201 "Signup successful", {token} of type `email`; a code and a link are mailed. */
export function signUp(body: TSignupRequest) {
  return api.post('/auth/signup', body, { schema: ZTokenData, fallbackErrorMessage: 'Signup failed' });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
