// The queries of the account's lists (API keys, passkeys, sessions): the array under a path, each
// item checked against its contract, with the profile's defaults (not refetched on window focus).
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { profileQueryDefaults } from '../../../lib/query-client';

export function listQueryOptions<TItem>(
  queryKey: readonly string[],
  path: string,
  item: z.ZodMiniType<TItem>,
) {
  return queryOptions({
    queryKey,
    queryFn: async () => (await api.get(path, { schema: z.array(item) })).data,
    ...profileQueryDefaults,
  });
}
