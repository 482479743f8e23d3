// Reads an account's balance operations (what staff credited, corrected or refunded) page by page,
// and how much of its cash may be withdrawn once the bonus in it is left out.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZUserBalanceOperation, ZWithdrawable } from '@td/contracts/balance-operations';
import type { TAccount } from '@td/contracts/constants';
import { pageOf } from '@td/contracts/envelope';
import { api } from '../../lib/api-client';

export const BALANCE_OPERATIONS_PAGE_SIZE = 10;
export const balanceKeys = {
  all: ['balance-operations'] as const,
  list: (account: TAccount, page: number) => ['balance-operations', 'list', { account, page }] as const,
  withdrawable: (account: TAccount) => ['balance-operations', 'withdrawable', account] as const,
};

/** GET /balance-operations?account=&page=: what staff credited, corrected or refunded on the account. */
export const useBalanceOperations = (account: TAccount, page: number) =>
  useQuery({
    queryKey: balanceKeys.list(account, page),
    queryFn: async () =>
      (
        await api.get('/balance-operations', {
          params: { account, page, limit: BALANCE_OPERATIONS_PAGE_SIZE },
          schema: pageOf(ZUserBalanceOperation),
          silent: true,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

/** GET /balance-operations/withdrawable: the cash, the bonus in it (not withdrawable), and the rest. */
export const useWithdrawable = (account: TAccount = 'real') =>
  useQuery({
    queryKey: balanceKeys.withdrawable(account),
    queryFn: async () =>
      (
        await api.get('/balance-operations/withdrawable', {
          params: { account },
          schema: ZWithdrawable,
          silent: true,
        })
      ).data,
  });
