import { useQuery } from '@tanstack/react-query';
import { ZHealth } from '@td/contracts/envelope';
import { api } from '../../../lib/api-client';

/** How often the back-office asks for the feeds' state. */
const FEED_HEALTH_REFRESH_MS = 5_000;

/** GET /health → the price feeds' state, refreshed while the screen is open. */
export const useFeedHealth = () =>
  useQuery({
    queryKey: ['admin', 'feed-health'],
    queryFn: async () => (await api.get('/health', { schema: ZHealth, silent: true })).data.feeds,
    refetchInterval: FEED_HEALTH_REFRESH_MS,
  });
