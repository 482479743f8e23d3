import { PERIODS, type TPeriod } from '@td/contracts/constants';
import { useMemo, useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { Dialog } from '../../../components/dialog';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { FilterTabs } from '../../../components/filter-tabs';
import { IconActivity, IconLineChart, IconRefresh } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { usePairs } from '../../../domain/market/get-pairs';
import { useActiveAccount } from '../../../domain/trading/account-store';
import { allocationByPairType } from '../../../domain/trading/allocation';
import { AccountSwitch } from '../../../domain/trading/components/account-switch';
import { OpenOrdersTable } from '../../../domain/trading/components/open-orders-table';
import { usePortfolio } from '../../../domain/trading/get-portfolio';
import { useResetDemo } from '../../../domain/trading/order-mutations';
import { useTradingStream } from '../../../domain/trading/use-trading-stream';
import { formatMoney } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useSettings } from '../../../lib/settings';
import { AllocationCard } from './allocation-card';
import { EquityChart } from './equity-chart';
import styles from './portfolio-screen.module.css';
import { StatCards } from './stat-cards';

const PERIOD_LABEL = { all: 'All', '1Y': '1Y', '1M': '1M', '1W': '1W' } as const satisfies Record<
  TPeriod,
  string
>;
const PERIOD_HINT = {
  all: 'Since the account opened',
  '1Y': 'Last 12 months',
  '1M': 'Last 30 days',
  '1W': 'Last 7 days',
} as const satisfies Record<TPeriod, string>;
const PERIOD_TABS = PERIODS.map((value) => ({ value, label: PERIOD_LABEL[value] }));

/** Confirms the demo reset: every demo position closes and the balance goes back to its start. */
function ResetDemoButton() {
  const [isOpen, setIsOpen] = useState(false);
  const reset = useResetDemo();
  // The platform's demo start balance (10,000 USD unless an administrator changed it).
  const start = formatMoney(useSettings('trading').demoStartBalance, 2).replace(/\.00$/, '');
  return (
    <>
      <Button icon={<IconRefresh size={16} />} onClick={() => setIsOpen(true)}>
        Reset demo account
      </Button>
      <Dialog
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title="Reset demo account?"
        description={`Every demo position and pending order is closed, and the demo balance goes back to ${start} USD. Your real account is not touched.`}
        onSubmit={() => reset.mutate(undefined, { onSuccess: () => setIsOpen(false) })}
        testId="reset-demo-dialog"
        footer={
          <>
            <Button onClick={() => setIsOpen(false)}>Cancel</Button>
            <Button type="submit" variant="danger" isLoading={reset.isPending}>
              Reset to {start} USD
            </Button>
          </>
        }
      />
    </>
  );
}

/**
 * The Portfolio tab: the book of the active account (balance, equity, margin, PnL), its equity
 * curve over a period, how the open positions split between markets, and the positions themselves.
 */
export function PortfolioScreen() {
  const account = useActiveAccount();
  const [period, setPeriod] = useState<TPeriod>('all');
  useTradingStream();
  const pairsQuery = usePairs();
  const portfolioQuery = usePortfolio(account, period, { isKeepingPrevious: true });
  const portfolio = portfolioQuery.data;

  const slices = useMemo(() => {
    if (!portfolio || !pairsQuery.data) return undefined;
    const typeBySymbol = new Map(pairsQuery.data.map((pair) => [pair.symbol, pair.pairType]));
    return allocationByPairType(portfolio.positions, (symbol) => typeBySymbol.get(symbol));
  }, [portfolio, pairsQuery.data]);

  const isFailed = portfolioQuery.isError && !portfolio;

  return (
    <>
      <PageHeader
        title="Portfolio"
        description="Balance, equity, margin and the performance of your account."
        actions={
          <div className={styles.headerActions}>
            <AccountSwitch />
            {account === 'demo' ? <ResetDemoButton /> : null}
          </div>
        }
      />
      {isFailed ? (
        <Card>
          <LoadError title="Your portfolio could not load." onRetry={() => void portfolioQuery.refetch()} />
        </Card>
      ) : (
        <div className={styles.stack}>
          <StatCards portfolio={portfolio} periodLabel={PERIOD_HINT[period]} />
          <div className={styles.row}>
            <Card
              title="Equity"
              className={styles.equityCard}
              actions={
                <FilterTabs label="Period" tabs={PERIOD_TABS} value={period} onChange={setPeriod} size="sm" />
              }
            >
              <div className={styles.equity} data-stale={portfolioQuery.isPlaceholderData || undefined}>
                {portfolio && portfolio.series.length >= 2 ? (
                  <EquityChart points={portfolio.series} seriesKey={`${account}|${period}`} />
                ) : portfolio ? (
                  <div className={styles.equityEmpty}>
                    <EmptyState
                      icon={<IconLineChart size={24} />}
                      title={`Equity today: ${formatMoney(portfolio.equity, 2)} USD`}
                      description="The curve starts with your first trade: each fee and result moves it, and every day adds a point."
                    />
                  </div>
                ) : (
                  <Skeleton width="100%" height="100%" shape="block" />
                )}
              </div>
            </Card>
            <AllocationCard slices={slices} />
          </div>
          <Card title="Open positions" isFlush>
            <OpenOrdersTable
              kind="positions"
              orders={portfolio?.positions}
              pairs={pairsQuery.data}
              isLoading={portfolioQuery.isPending}
              isError={portfolioQuery.isError}
              onRetry={() => void portfolioQuery.refetch()}
              empty={{
                icon: <IconActivity size={24} />,
                title: 'No open positions.',
                description: 'Positions you open on the Trade tab show here with their live PnL.',
                action: (
                  <ButtonLink to={PATHS.trade} size="sm" variant="primary">
                    Open the Trade tab
                  </ButtonLink>
                ),
              }}
            />
          </Card>
        </div>
      )}
    </>
  );
}
