// The temporary token a verification screen (e-mail code or two-factor) works with: valid only if
// it is of that screen's type and not yet expired; otherwise the screen says why there is none.
import type { TTokenType } from '@td/contracts/statuses';
import { readTokenClaims } from '../../../lib/session';
import { useAppStore } from '../../../lib/store';

export type TTempTokenState =
  | { status: 'valid'; token: string }
  | { status: 'expired' }
  | { status: 'missing' };

/**
 * The store's temporary token, if it is one of `type` and still valid: the verification screens
 * use it as their bearer, and explain the way back to login when there is none (or it has run out).
 */
export function useTempToken(type: Extract<TTokenType, 'email' | 'tfa'>): TTempTokenState {
  const token = useAppStore((state) => state.tempToken);
  if (!token) return { status: 'missing' };
  const claims = readTokenClaims(token);
  // A token this client cannot read is left for the server to judge.
  if (claims && claims.type !== undefined && claims.type !== type) return { status: 'missing' };
  if (claims?.expMs !== undefined && claims.expMs <= Date.now()) return { status: 'expired' };
  return { status: 'valid', token };
}
