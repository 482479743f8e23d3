import { useMutation } from '@tanstack/react-query';
import { sendStepCode, type TStepCodeInput } from './step-code';

/** POST /auth/2fa/verify {code} with the two-factor token → "Login successful", {token} `normal`. */
export function verifyTfa(input: TStepCodeInput) {
  return sendStepCode('/auth/2fa/verify', input);
}

export function useVerifyTfa() {
  return useMutation({ mutationFn: verifyTfa });
}
