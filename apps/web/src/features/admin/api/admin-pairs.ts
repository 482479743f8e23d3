// The back office's calls for trading pairs: every pair, enabled or not, and changing one's status,
// spread, highest leverage or net exposure limit.
import { useQuery } from '@tanstack/react-query';
import { ZAdminPair } from '@td/contracts/admin';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export const ADMIN_PAIRS_KEY = ['admin', 'pairs'] as const;

/** GET /admin/pairs → every pair, enabled or not. */
export const useAdminPairs = () =>
  useQuery({
    queryKey: ADMIN_PAIRS_KEY,
    queryFn: async () => (await api.get('/admin/pairs', { schema: z.array(ZAdminPair), silent: true })).data,
  });

/** PUT /admin/pairs/{symbol} {status?, spreadPpm?, maxLeverage?, maxNetExposure?}. */
export const updatePair = ({
  symbol,
  ...body
}: {
  symbol: string;
  status?: 'act' | 'dis';
  spreadPpm?: number;
  maxLeverage?: number;
  /** USD; null removes the limit. */
  maxNetExposure?: string | null;
}) => api.put(`/admin/pairs/${encodeURIComponent(symbol)}`, body, { schema: ZAdminPair });

export const useUpdatePair = () => useRefreshingMutation(updatePair, [ADMIN_PAIRS_KEY]);
