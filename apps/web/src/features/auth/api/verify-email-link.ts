import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTokenData } from '@td/contracts/auth';
import { api } from '../../../lib/api-client';

/**
 * GET /auth/verify-email?token= — the link in the e-mail lands on /authentication/emailVerification
 * with the token, and the screen calls this at once → "Email verified", {token} `normal`.
 * A query rather than a mutation: React may mount the screen twice in development, and the
 * query cache makes sure the single-use link is sent once. The screen shows the failure inline.
 */
// No abort signal on purpose: a cancelled first request would send the single-use link twice.
export function verifyEmailLink(token: string) {
  return api.get('/auth/verify-email', { params: { token }, schema: ZTokenData, silent: true });
}

export const verifyEmailLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email-link', token],
    queryFn: () => verifyEmailLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useVerifyEmailLink(token: string | null) {
  return useQuery({ ...verifyEmailLinkQueryOptions(token ?? ''), enabled: Boolean(token) });
}
