import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /profile/security-code → "Please check your email for the security code": a 6-digit code
 * (10 minutes, once) that an account without a password gives as its proof (`emailCode`).
 */
export function useSendSecurityCode() {
  return useMutation({ mutationFn: () => api.post<unknown>('/profile/security-code', {}) });
}
