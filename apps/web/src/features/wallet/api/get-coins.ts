import { useQuery } from '@tanstack/react-query';
import { ZCoinInfo } from '@td/contracts/wallet';
import { z } from 'zod/mini';
import { walletKeys } from '../../../domain/wallet/query-keys';
import { api } from '../../../lib/api-client';

/** GET /wallet/coins: each coin's networks with minimums, fee and confirmations. */
export async function getCoins() {
  const { data } = await api.get('/wallet/coins', { schema: z.array(ZCoinInfo), silent: true });
  return data;
}

export function useCoins() {
  return useQuery({ queryKey: walletKeys.coins, queryFn: getCoins, staleTime: 60_000 });
}
