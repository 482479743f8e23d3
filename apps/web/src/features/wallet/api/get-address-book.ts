// Reads the wallet's address book: the addresses the user withdrew to before, most recent first,
// offered as shortcuts on the withdrawal form.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { walletKeys } from '../../../domain/wallet/query-keys';
import { api } from '../../../lib/api-client';

const ZAddressBook = z.array(
  z.object({ address: z.string(), network: z.string(), coin: z.string(), lastUsed: z.string() }),
);

/** GET /wallet/address-book: addresses the user withdrew to before, most recent first. */
export async function getAddressBook() {
  const { data } = await api.get('/wallet/address-book', { schema: ZAddressBook, silent: true });
  return data;
}

export function useAddressBook() {
  return useQuery({ queryKey: walletKeys.addressBook, queryFn: getAddressBook });
}
