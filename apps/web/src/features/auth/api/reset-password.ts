import { useMutation } from '@tanstack/react-query';
import type { TResetPasswordRequest } from '@td/contracts/auth';
import { api } from '../../../lib/api-client';

/**
 * POST /auth/reset-password {email, code, password, removeTwoFactor?} → "Password reset
 * successful"; every session ends and every API key is revoked.
 */
export function resetPassword(body: TResetPasswordRequest) {
  return api.post<unknown>('/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
