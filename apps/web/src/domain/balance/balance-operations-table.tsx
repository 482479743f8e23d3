import type { TUserBalanceOperation } from '@td/contracts/balance-operations';
import type { TAccount } from '@td/contracts/constants';
import { Card } from '../../components/card';
import { dateTimeColumn, type TColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { IconWallet } from '../../components/icons';
import { PagedTable, usePager } from '../../components/paged-table';
import { useT } from '../../lib/i18n';
import { balanceKindText } from '../../lib/labels';
import { SignedMoney } from '../trading/components/signed-money';
import { BALANCE_OPERATIONS_PAGE_SIZE, useBalanceOperations } from './get-balance-operations';

/** The account's balance operations in History: credits, bonuses, corrections and refunded fees. */
export function BalanceOperationsTable({ account }: { account: TAccount }) {
  const t = useT();
  const pager = usePager(BALANCE_OPERATIONS_PAGE_SIZE);
  const query = useBalanceOperations(account, pager.page);
  const title = t('history.balance.title');
  const columns: TColumn<TUserBalanceOperation>[] = [
    {
      key: 'kind',
      header: t('history.balance.kind'),
      isPrimary: true,
      cell: (operation) => balanceKindText(operation.kind),
    },
    dateTimeColumn('date', t('history.column.date'), (operation) => operation.appliedAt),
    { key: 'reason', header: t('history.balance.reason'), cell: (operation) => operation.reason },
    {
      key: 'amount',
      header: t('history.balance.amount'),
      align: 'end',
      cell: (operation) => <SignedMoney value={operation.amount} />,
    },
  ];
  return (
    <Card title={title} isFlush>
      <PagedTable
        caption={title}
        columns={columns}
        query={query}
        pager={pager}
        noun={t('history.balance.noun')}
        errorTitle={t('history.balance.loadError')}
        skeletonRows={2}
        empty={<EmptyState icon={<IconWallet />} title={t('history.balance.empty')} />}
      />
    </Card>
  );
}
