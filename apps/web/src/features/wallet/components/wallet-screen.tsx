// The wallet page of the Real account: a Deposit and a Withdraw tab, with what may be withdrawn (a
// bonus left out). Withdrawing needs money in the account and identity level 2; the tab's recent
// deposits or withdrawals sit beside it.
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FilterTabs } from '../../../components/filter-tabs';
import { PageHeader } from '../../../components/page-header';
import { useWithdrawable } from '../../../domain/balance/get-balance-operations';
import { useKyc } from '../../../domain/identity/get-kyc';
import { IdentityRequired } from '../../../domain/identity/identity-required';
import { usePortfolio } from '../../../domain/trading/get-portfolio';
import { compareMoney } from '../../../domain/trading/trading-math';
import { WalletTransactionsTable } from '../../../domain/wallet/components/wallet-transactions-table';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useCoins } from '../api/get-coins';
import { DepositPanel } from './deposit-panel';
import { isNoChainConnected, NoChainCard } from './no-chain';
import styles from './wallet-screen.module.css';
import { WithdrawPanel } from './withdraw-panel';

type TTab = 'deposit' | 'withdraw';

const minMoney = (a: string, b: string) => (compareMoney(a, b) <= 0 ? a : b);

/** Withdraw with nothing to withdraw: how money gets into the Real account instead of a form. */
function NothingToWithdraw({ onDeposit }: { onDeposit: () => void }) {
  const t = useT();
  return (
    <Card title={t('wallet.empty.title')}>
      <div className={styles.form} data-testid="nothing-to-withdraw">
        <p className={styles.explain}>{t('wallet.empty.text')}</p>
        <div>
          <Button variant="primary" onClick={onDeposit}>
            {t('wallet.empty.deposit')}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** The wallet: deposit crypto into the real account, or take it out in three steps. */
export function WalletScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab: TTab = params.get('tab') === 'withdraw' ? 'withdraw' : 'deposit';
  const portfolio = usePortfolio('real');
  // A bonus counts for margin but is not withdrawable: what may leave is the cash without it.
  const withdrawable = useWithdrawable('real').data;
  const free = portfolio.data?.freeMargin ?? portfolio.data?.balance;
  const available =
    free !== undefined && withdrawable && compareMoney(withdrawable.bonus, '0') > 0
      ? minMoney(free, withdrawable.withdrawable)
      : free;
  // Withdrawals need a verified identity: until then the panel says what is missing.
  const kyc = useKyc();
  // A server with no chain at all says so once, instead of a deposit form where no network works.
  // Which of the two the tab shows is known with the coins: until then it shows neither, so that
  // the one it shows is laid out once (nothing moves when it arrives).
  const coins = useCoins();
  const isNoChain = isNoChainConnected(coins.data);
  const isDepositPending = tab === 'deposit' && coins.isPending;
  const tabs: { value: TTab; label: string }[] = [
    { value: 'deposit', label: t('wallet.tab.deposit') },
    { value: 'withdraw', label: t('wallet.tab.withdraw') },
  ];

  return (
    <>
      <PageHeader
        title={t('nav.wallet')}
        description={t('wallet.description')}
        actions={
          <div className={styles.balance}>
            <span className={styles.label}>{t('wallet.available')}</span>
            <span className={`${styles.balanceValue} tabular`} data-testid="wallet-available">
              {formatMoney(available, 2)} USD
            </span>
            {withdrawable && compareMoney(withdrawable.bonus, '0') > 0 ? (
              <span className={`${styles.bonusNote} tabular`} data-testid="wallet-bonus">
                {t('wallet.bonusNotWithdrawable', { bonus: formatMoney(withdrawable.bonus, 2) })}
              </span>
            ) : null}
          </div>
        }
      />
      <FilterTabs
        label={t('wallet.tabs')}
        tabs={tabs}
        value={tab}
        onChange={(value) => setParams(value === 'deposit' ? {} : { tab: value }, { replace: true })}
        className={styles.tabs}
      />
      {isDepositPending ? null : (
        <div className={styles.layout}>
          <div className={styles.main}>
            {tab === 'deposit' ? (
              isNoChain ? (
                <NoChainCard />
              ) : (
                <DepositPanel />
              )
            ) : available !== undefined && compareMoney(available, '0') <= 0 ? (
              <NothingToWithdraw onDeposit={() => setParams({}, { replace: true })} />
            ) : kyc.data && kyc.data.level < 2 ? (
              <IdentityRequired kyc={kyc.data} need={2} />
            ) : (
              <WithdrawPanel available={available} />
            )}
          </div>
          <div className={styles.side}>
            {tab === 'deposit' ? (
              <WalletTransactionsTable
                kind="deposit"
                isWatching
                title={t('wallet.deposits.title')}
                emptyText={t('wallet.deposits.empty')}
              />
            ) : (
              <WalletTransactionsTable
                kind="withdrawal"
                title={t('wallet.withdrawals.title')}
                emptyText={t('wallet.withdrawals.empty')}
              />
            )}
          </div>
        </div>
      )}
    </>
  );
}
