import { useMutation } from '@tanstack/react-query';
import { ZTokenData } from '@td/contracts/auth';
import { api } from '../../../lib/api-client';
import { bearer } from './auth-header';

interface TVerifyEmailCodeInput {
  code: string;
  /** The `email` token from signup or sign-in. */
  tempToken: string;
}

/** POST /auth/verify-email {code} with the e-mail token → "Email verified", {token} `normal`. */
export function verifyEmailCode({ code, tempToken }: TVerifyEmailCodeInput) {
  return api.post('/auth/verify-email', { code }, { schema: ZTokenData, headers: bearer(tempToken) });
}

export function useVerifyEmailCode() {
  return useMutation({ mutationFn: verifyEmailCode });
}
