import { useMutation } from '@tanstack/react-query';
import { sendStepCode, type TStepCodeInput } from './step-code';

/** POST /auth/verify-email {code} with the e-mail token → "Email verified", {token} `normal`. */
export function verifyEmailCode(input: TStepCodeInput) {
  return sendStepCode('/auth/verify-email', input);
}

export function useVerifyEmailCode() {
  return useMutation({ mutationFn: verifyEmailCode });
}
