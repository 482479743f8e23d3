// Asks for a password-reset code by e-mail; the answer is the same whether or not an account
// exists for the address. The reset screen uses it again to send another code.
import { useMutation } from '@tanstack/react-query';
import type { ZForgotPasswordRequest } from '@td/contracts/auth';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api-client';

export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

/**
 * POST /auth/forgot-password {email} → always "Please check your email for the verification code"
 * (the answer never tells whether an account exists).
 */
export function forgotPassword(body: TForgotPasswordRequest) {
  return api.post<unknown>('/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
