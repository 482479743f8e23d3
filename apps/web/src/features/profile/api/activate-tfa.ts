import { type TTfaActivateRequest, ZTfaActivateData } from '@td/contracts/auth';
import { PROFILE_QUERY_KEY } from '../../../domain/identity/get-profile';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { API_KEYS_QUERY_KEY } from './api-keys';

/**
 * POST /auth/2fa/activate {code, currentPassword | emailCode} → "Two-factor enabled",
 * {recoveryCodes} (shown once). Only the session that generated the secret may confirm it.
 */
export function activateTfa(body: TTfaActivateRequest) {
  return api.post('/auth/2fa/activate', body, { schema: ZTfaActivateData });
}

export function useActivateTfa() {
  // Every API key was revoked with the change. Not awaited: the screen moves on (to the recovery
  // codes) at once, the badge follows the refetch.
  return useRefreshingMutation(activateTfa, [PROFILE_QUERY_KEY, API_KEYS_QUERY_KEY], {
    isRefreshAwaited: false,
  });
}
