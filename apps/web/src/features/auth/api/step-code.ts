// A code typed on a step of sign-in (the e-mailed code, the second factor's), sent with that step's
// temporary token; the answer is the session's token.
import { ZTokenData } from '@td/contracts/auth';
import { api } from '../../../lib/api-client';
import { bearer } from './auth-header';

export interface TStepCodeInput {
  /** As typed: the e-mailed code, a TOTP code or a recovery code. */
  code: string;
  /** The step's token from signup or sign-in (`email` or `tfa`). */
  tempToken: string;
}

/** POST `path` {code} with the step's token → {token} `normal`. */
export function sendStepCode(path: string, { code, tempToken }: TStepCodeInput) {
  return api.post(path, { code }, { schema: ZTokenData, headers: bearer(tempToken) });
}
