// One of the signed-in user's settings under /profile, read without a toast: a screen keeps its default.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from './api-client';

/**
 * GET /profile/<name>, cached under its query key ['profile', name]: one of the user's settings,
 * read silently. Undefined while it loads or when it could not (the caller's default holds).
 */
export function useProfileSetting<T>(
  queryKey: readonly ['profile', string],
  schema: z.ZodMiniType<T>,
  staleTime: number,
): T | undefined {
  const { data } = useQuery({
    queryKey,
    queryFn: async () => (await api.get(`/${queryKey.join('/')}`, { schema, silent: true })).data,
    staleTime,
  });
  return data;
}
