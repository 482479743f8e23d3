// Saves the anti-phishing phrase, printed in every e-mail sent to the user, then refetches the
// profile so the card shows the new one.
import type { ZAntiPhishingRequest } from '@td/contracts/profile';
import type { z } from 'zod/mini';
import { PROFILE_QUERY_KEY } from '../../../domain/identity/get-profile';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export type TAntiPhishingRequest = z.input<typeof ZAntiPhishingRequest>;

/** PUT /profile/anti-phishing {phrase}: the phrase printed in every e-mail we send the user. */
export function updateAntiPhishing(body: TAntiPhishingRequest) {
  return api.put<unknown>('/profile/anti-phishing', body);
}

export function useUpdateAntiPhishing() {
  return useRefreshingMutation(updateAntiPhishing, [PROFILE_QUERY_KEY]);
}
