import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZKyc } from '@td/contracts/kyc';
import { api } from '../../lib/api-client';
import { useHasToken } from '../../lib/use-has-token';

/** The account's verification. Saving details and sending documents write this key. */
export const KYC_QUERY_KEY = ['kyc', 'me'] as const;

export const kycQueryOptions = queryOptions({
  queryKey: KYC_QUERY_KEY,
  queryFn: async () =>
    (await api.get('/kyc', { schema: ZKyc, fallbackErrorMessage: 'Verification fetch failed' })).data,
  staleTime: 30_000,
});

/** GET /kyc: the account's level, the state of its documents and its withdrawal limit. */
export function useKyc() {
  const hasToken = useHasToken();
  return useQuery({ ...kycQueryOptions, enabled: hasToken });
}
