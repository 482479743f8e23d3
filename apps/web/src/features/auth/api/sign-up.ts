import { useMutation } from '@tanstack/react-query';
import { type TSignupRequest, ZTokenData } from '@td/contracts/auth';
import { api } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/**
 * POST /auth/signup → 201 "Signup successful", {token} of type `email`; a code and a link are
 * mailed, in the language the form is shown in.
 */
export function signUp(body: TSignupRequest) {
  return api.post(
    '/auth/signup',
    { ...body, language: currentLanguage() },
    { schema: ZTokenData, fallbackErrorMessage: 'Signup failed' },
  );
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
