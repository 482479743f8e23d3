import type { TAccount, TPeriod } from '@td/contracts/constants';
import type { TPageQuery } from '@td/contracts/envelope';
import type { TOrderStatus } from '@td/contracts/statuses';

// The query keys of the trading data, in one place so every mutation and stream event
// invalidates exactly what it changed.

/** The order lists' filters, and the page asked for. */
export interface TOrdersFilters extends Partial<TPageQuery> {
  account?: TAccount;
  status?: readonly TOrderStatus[];
  symbol?: string;
  period?: TPeriod;
}

export const tradingKeys = {
  all: ['trading'] as const,
  orders: () => ['trading', 'orders'] as const,
  ordersList: (filters: TOrdersFilters) => ['trading', 'orders', filters] as const,
  portfolios: () => ['trading', 'portfolio'] as const,
  portfolioOf: (account: TAccount) => ['trading', 'portfolio', account] as const,
  portfolio: (account: TAccount, period: TPeriod) => ['trading', 'portfolio', account, period] as const,
};
