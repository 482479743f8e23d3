import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FilterTabs } from '../../../components/filter-tabs';
import { PageHeader } from '../../../components/page-header';
import { useKyc } from '../../../domain/identity/get-kyc';
import { IdentityRequired } from '../../../domain/identity/identity-required';
import { usePortfolio } from '../../../domain/trading/get-portfolio';
import { compareMoney } from '../../../domain/trading/trading-math';
import { WalletTransactionsTable } from '../../../domain/wallet/components/wallet-transactions-table';
import { formatMoney } from '../../../lib/format';
import { DepositPanel } from './deposit-panel';
import styles from './wallet-screen.module.css';
import { WithdrawPanel } from './withdraw-panel';

const TABS = [
  { value: 'deposit', label: 'Deposit' },
  { value: 'withdraw', label: 'Withdraw' },
] as const;
type TTab = (typeof TABS)[number]['value'];

/** Withdraw with nothing to withdraw: how money gets into the Real account instead of a form. */
function NothingToWithdraw({ onDeposit }: { onDeposit: () => void }) {
  return (
    <Card title="Nothing to withdraw yet">
      <div className={styles.form} data-testid="nothing-to-withdraw">
        <p className={styles.explain}>
          Your Real account has no money available. Deposit crypto first: it is credited in USD at the live
          price once the network confirms it, and what you do not use as margin can be withdrawn here. Your
          Demo account's practice money cannot be withdrawn.
        </p>
        <div>
          <Button variant="primary" onClick={onDeposit}>
            Deposit crypto
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** The wallet: deposit crypto into the real account, or take it out in three steps. */
export function WalletScreen() {
  const [params, setParams] = useSearchParams();
  const tab: TTab = params.get('tab') === 'withdraw' ? 'withdraw' : 'deposit';
  const portfolio = usePortfolio('real');
  const available = portfolio.data?.freeMargin ?? portfolio.data?.balance;
  // Withdrawals need a verified identity: until then the panel says what is missing.
  const kyc = useKyc();

  return (
    <>
      <PageHeader
        title="Wallet"
        description="Fund your real account with crypto and withdraw it again."
        actions={
          <div className={styles.balance}>
            <span className={styles.label}>Real account · available</span>
            <span className={`${styles.balanceValue} tabular`} data-testid="wallet-available">
              {formatMoney(available, 2)} USD
            </span>
          </div>
        }
      />
      <FilterTabs
        label="Wallet action"
        tabs={TABS}
        value={tab}
        onChange={(value) => setParams(value === 'deposit' ? {} : { tab: value }, { replace: true })}
        className={styles.tabs}
      />
      <div className={styles.layout}>
        <div className={styles.main}>
          {tab === 'deposit' ? (
            <DepositPanel />
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
              title="Incoming deposits"
              emptyText="Deposits appear here as soon as the network sees them, with their confirmations."
            />
          ) : (
            <WalletTransactionsTable
              kind="withdrawal"
              title="Withdrawals"
              emptyText="Your withdrawals and their status appear here."
            />
          )}
        </div>
      </div>
    </>
  );
}
