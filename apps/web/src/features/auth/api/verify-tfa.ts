import { useMutation } from '@tanstack/react-query';
import { ZTokenData } from '@td/contracts/auth';
import { api } from '../../../lib/api-client';
import { bearer } from './auth-header';

interface TVerifyTfaInput {
  /** A TOTP code or a recovery code. */
  code: string;
  /** The `tfa` token from sign-in. */
  tempToken: string;
}

/** POST /auth/2fa/verify {code} with the two-factor token → "Login successful", {token} `normal`. */
export function verifyTfa({ code, tempToken }: TVerifyTfaInput) {
  return api.post('/auth/2fa/verify', { code }, { schema: ZTokenData, headers: bearer(tempToken) });
}

export function useVerifyTfa() {
  return useMutation({ mutationFn: verifyTfa });
}
