import { useQuery } from '@tanstack/react-query';
import type { TCoin, TNetwork } from '@td/contracts/constants';
import { ZWalletAddress } from '@td/contracts/wallet';
import { walletKeys } from '../../../domain/wallet/query-keys';
import { api } from '../../../lib/api-client';

/** POST /wallet/address {coin, network}: the user's address there (the same on every call). */
export async function getDepositAddress(coin: TCoin, network: TNetwork) {
  return api.post('/wallet/address', { coin, network }, { schema: ZWalletAddress, silent: true });
}

/** The address never changes, so it is fetched once per coin and network. */
export function useDepositAddress(coin: TCoin, network: TNetwork) {
  return useQuery({
    queryKey: walletKeys.address(coin, network),
    queryFn: () => getDepositAddress(coin, network),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
