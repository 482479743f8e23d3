import type { TChangePasswordRequest } from '@td/contracts/profile';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { API_KEYS_QUERY_KEY } from './api-keys';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** PUT /profile/password {currentPassword, newPassword} → "Password changed successfully"; other sessions end. */
export function changePassword(body: TChangePasswordRequest) {
  return api.put<unknown>('/profile/password', body, { fallbackErrorMessage: 'Password change failed' });
}

export function useChangePassword() {
  // Every other session was revoked: the sessions table shrinks to this device.
  // Every API key is revoked too.
  return useRefreshingMutation(changePassword, [SESSIONS_QUERY_KEY, API_KEYS_QUERY_KEY]);
}
