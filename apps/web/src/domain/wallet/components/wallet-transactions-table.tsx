// The table of crypto deposits and withdrawals: amount, payment status, confirmations while
// pending and a link to the transaction on the network's explorer.
import { PAYMENT_CODE } from '@td/contracts/statuses';
import type { TWalletTransaction, TWalletTxKind } from '@td/contracts/wallet';
import { Card } from '../../../components/card';
import { dateTimeColumn, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconWallet } from '../../../components/icons';
import { PagedTable, usePager } from '../../../components/paged-table';
import { formatMoney } from '../../../lib/format';
import { t, useT } from '../../../lib/i18n';
import { useWalletTransactions, WALLET_TX_PAGE_SIZE } from '../get-wallet-transactions';
import { coinAmountUnit, coinName, networkName } from './coin-labels';
import { PaymentStatusBadge } from './payment-status-badge';
import styles from './wallet-transactions-table.module.css';

const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-6)}`;

/**
 * A deposit's or withdrawal's columns: what, when, how much, its status and its transaction. Called
 * while drawing, so the headers are in the language shown.
 */
export const walletTxColumns = (): TColumn<TWalletTransaction>[] => [
  {
    key: 'coin',
    header: t('wallet.coin'),
    isPrimary: true,
    cell: (tx) => (
      <span className={styles.coin}>
        <span className={styles.kind} data-kind={tx.kind}>
          {tx.kind === 'deposit' ? t('wallet.kind.deposit') : t('wallet.kind.withdrawal')}
        </span>
        <span>
          {coinName(tx.coin)} <span className={styles.muted}>· {networkName(tx.network)}</span>
        </span>
      </span>
    ),
  },
  dateTimeColumn('date', t('wallet.transactions.date'), (tx) => tx.createdAt),
  {
    key: 'quantity',
    header: t('wallet.transactions.quantity'),
    align: 'end',
    cell: (tx) => (
      <span className="tabular">
        {tx.coinAmount} {coinAmountUnit(tx.coin)}
      </span>
    ),
  },
  {
    key: 'amount',
    header: t('wallet.transactions.amount'),
    align: 'end',
    cell: (tx) => formatMoney(tx.amount, 2),
  },
  {
    key: 'status',
    header: t('wallet.transactions.status'),
    cell: (tx) => (
      <span className={styles.status}>
        <PaymentStatusBadge status={tx.status} />
        {tx.status === PAYMENT_CODE.pending && tx.kind === 'deposit' ? (
          <span className={`${styles.muted} tabular`} data-testid="confirmations">
            {t('wallet.transactions.confirmations', {
              seen: Math.min(tx.confirmations, tx.requiredConfirmations),
              needed: tx.requiredConfirmations,
            })}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'tx',
    header: t('wallet.transactions.transaction'),
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
  const t = useT();
  const pager = usePager(WALLET_TX_PAGE_SIZE);
  const query = useWalletTransactions({ kind, page: pager.page, limit: pager.limit }, isWatching);

  return (
    <Card title={title} isFlush>
      <PagedTable
        caption={title}
        columns={walletTxColumns()}
        query={query}
        pager={pager}
        noun={t('wallet.transactions.noun')}
        errorTitle={t('wallet.transactions.loadError')}
        skeletonRows={3}
        empty={
          <EmptyState icon={<IconWallet />} title={t('wallet.transactions.empty')} description={emptyText} />
        }
      />
    </Card>
  );
}
