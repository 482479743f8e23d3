import { PAYMENT_CODE } from '@td/contracts/statuses';
import type { TWalletTransaction, TWalletTxKind } from '@td/contracts/wallet';
import { confirmationsText } from '@td/contracts/wallet';
import { Card } from '../../../components/card';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconWallet } from '../../../components/icons';
import { PagedTable, usePager } from '../../../components/paged-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useWalletTransactions, WALLET_TX_PAGE_SIZE } from '../get-wallet-transactions';
import { coinAmountUnit, coinName, networkName } from './coin-labels';
import { PaymentStatusBadge } from './payment-status-badge';
import styles from './wallet-transactions-table.module.css';

const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-6)}`;

/** A deposit's or withdrawal's columns: what, when, how much, its status and its transaction. */
export const WALLET_TX_COLUMNS: TColumn<TWalletTransaction>[] = [
  {
    key: 'coin',
    header: 'Coin',
    isPrimary: true,
    cell: (tx) => (
      <span className={styles.coin}>
        <span className={styles.kind} data-kind={tx.kind}>
          {tx.kind === 'deposit' ? 'Deposit' : 'Withdrawal'}
        </span>
        <span>
          {coinName(tx.coin)} <span className={styles.muted}>· {networkName(tx.network)}</span>
        </span>
      </span>
    ),
  },
  {
    key: 'date',
    header: 'Date',
    cell: (tx) => <span className="tabular">{formatDateTime(tx.createdAt)}</span>,
  },
  {
    key: 'quantity',
    header: 'Quantity',
    align: 'end',
    cell: (tx) => (
      <span className="tabular">
        {tx.coinAmount} {coinAmountUnit(tx.coin)}
      </span>
    ),
  },
  { key: 'amount', header: 'Amount (USD)', align: 'end', cell: (tx) => formatMoney(tx.amount, 2) },
  {
    key: 'status',
    header: 'Status',
    cell: (tx) => (
      <span className={styles.status}>
        <PaymentStatusBadge status={tx.status} />
        {tx.status === PAYMENT_CODE.pending && tx.kind === 'deposit' ? (
          <span className={`${styles.muted} tabular`} data-testid="confirmations">
            {confirmationsText(tx.confirmations, tx.requiredConfirmations)}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'tx',
    header: 'Transaction',
    cell: (tx) =>
      tx.explorerUrl && tx.txHash ? (
        <a className={styles.link} href={tx.explorerUrl} target="_blank" rel="noreferrer noopener">
          {shortHash(tx.txHash)}
        </a>
      ) : (
        <span className={styles.muted}>{tx.reason ?? '—'}</span>
      ),
  },
];

/**
 * Deposits and withdrawals with their payment status, confirmations ("3 of 12" while pending) and
 * a link to the network's explorer; live while anything is in flight.
 */
export function WalletTransactionsTable({
  kind,
  title,
  emptyText,
  isWatching = false,
}: {
  kind?: TWalletTxKind;
  title: string;
  emptyText: string;
  /** Keep reading the list even when nothing is in it yet (deposits on their way). */
  isWatching?: boolean;
}) {
  const pager = usePager(WALLET_TX_PAGE_SIZE);
  const query = useWalletTransactions({ kind, page: pager.page, limit: pager.limit }, isWatching);

  return (
    <Card title={title} isFlush>
      <PagedTable
        caption={title}
        columns={WALLET_TX_COLUMNS}
        query={query}
        pager={pager}
        noun="transactions"
        skeletonRows={3}
        empty={<EmptyState icon={<IconWallet />} title="No transactions yet" description={emptyText} />}
      />
    </Card>
  );
}
