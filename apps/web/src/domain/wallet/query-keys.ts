import type { TPageQuery } from '@td/contracts/envelope';
import type { TWalletTxKind } from '@td/contracts/wallet';

// The wallet's query keys in one place, so each mutation invalidates exactly what it changed.

/** The transaction list's filters, and the page asked for. */
export interface TWalletTxFilters extends Partial<TPageQuery> {
  kind?: TWalletTxKind;
  network?: string;
}

export const walletKeys = {
  all: ['wallet'] as const,
  coins: ['wallet', 'coins'] as const,
  address: (coin: string, network: string) => ['wallet', 'address', coin, network] as const,
  transactions: () => ['wallet', 'transactions'] as const,
  transactionsList: (filters: TWalletTxFilters) => ['wallet', 'transactions', filters] as const,
  addressBook: ['wallet', 'address-book'] as const,
};
