import type { TWalletTxKind } from '@td/contracts/wallet';

// The wallet's query keys in one place, so each mutation invalidates exactly what it changed.
export interface TWalletTxFilters {
  kind?: TWalletTxKind;
  network?: string;
  page?: number;
  limit?: number;
}

export const walletKeys = {
  all: ['wallet'] as const,
  coins: ['wallet', 'coins'] as const,
  address: (coin: string, network: string) => ['wallet', 'address', coin, network] as const,
  transactions: () => ['wallet', 'transactions'] as const,
  transactionsList: (filters: TWalletTxFilters) => ['wallet', 'transactions', filters] as const,
  addressBook: ['wallet', 'address-book'] as const,
};
