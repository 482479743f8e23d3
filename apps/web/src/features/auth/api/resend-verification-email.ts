import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bearer } from './auth-header';

/** POST /auth/verify-email/resend with the e-mail token → "Email sent successfully". */
export function resendVerificationEmail(tempToken: string) {
  return api.post<unknown>('/auth/verify-email/resend', undefined, { headers: bearer(tempToken) });
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
