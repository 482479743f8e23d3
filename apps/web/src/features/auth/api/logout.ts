import { api } from '../../../lib/api-client';
import { bearer } from './auth-header';

/**
 * POST /auth/logout → "Logout successful"; the server revokes the session. The token is passed in
 * because the caller clears it from storage before the request leaves.
 */
export function logout(token: string) {
  return api.post<unknown>('/auth/logout', undefined, {
    silent: true,
    headers: bearer(token),
    fallbackErrorMessage: 'Logout failed',
  });
}
