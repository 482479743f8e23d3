import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZVerifyEmailLinkData } from '@td/contracts/auth';
import { api } from '../../../lib/api-client';
import { bearer } from './auth-header';

/**
 * GET /auth/verify-email?token= — the link in the e-mail lands on /authentication/emailVerification
 * with the token, and the screen calls this at once → "Email verified", {token}: `normal` when this
 * browser holds the same account's pending sign-in (its `email` token, sent along), else null (the
 * link proves the mailbox, not who chose the password: the person signs in next).
 * A query rather than a mutation: React may mount the screen twice in development, and the
 * query cache makes sure the single-use link is sent once. The screen shows the failure inline.
 */
// No abort signal on purpose: a cancelled first request would send the single-use link twice.
export function verifyEmailLink(token: string, tempToken?: string) {
  return api.get('/auth/verify-email', {
    params: { token },
    schema: ZVerifyEmailLinkData,
    silent: true,
    ...(tempToken ? { headers: bearer(tempToken) } : {}),
  });
}

export const verifyEmailLinkQueryOptions = (token: string, tempToken?: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email-link', token],
    queryFn: () => verifyEmailLink(token, tempToken),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useVerifyEmailLink(token: string | null, tempToken?: string) {
  return useQuery({ ...verifyEmailLinkQueryOptions(token ?? '', tempToken), enabled: Boolean(token) });
}
