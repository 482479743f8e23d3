import { PERIODS, type TPeriod } from '@td/contracts/constants';
import type { TStatsPeriod } from '@td/contracts/financing';
import { useMemo, useState } from 'react';
import { IconLineChart, IconRefresh } from '../../../components/app-icons';
import { Button, ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/dialog';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { FilterTabs } from '../../../components/filter-tabs';
import { IconActivity } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { TradingStatsCard } from '../../../domain/financing/components/trading-stats-card';
import { usePairs } from '../../../domain/market/get-pairs';
import { useActiveAccount } from '../../../domain/trading/account-store';
import { allocationByPairType } from '../../../domain/trading/allocation';
import { AccountSwitch } from '../../../domain/trading/components/account-switch';
import { MarginBar } from '../../../domain/trading/components/margin-bar';
import { OpenOrdersTable } from '../../../domain/trading/components/open-orders-table';
import { usePortfolio } from '../../../domain/trading/get-portfolio';
import { useResetDemo } from '../../../domain/trading/order-mutations';
import { positionsPnlTotal } from '../../../domain/trading/positions-pnl';
import { useLiveQuotes } from '../../../domain/trading/use-live-quote';
import { useTradingStream } from '../../../domain/trading/use-trading-stream';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { periodHintText, periodText } from '../../../lib/labels';
import { PATHS } from '../../../lib/paths';
import { useSettings } from '../../../lib/settings';
import { AllocationCard } from './allocation-card';
import { EquityChart } from './equity-chart';
import styles from './portfolio-screen.module.css';
import { StatCards } from './stat-cards';

/** The statistics' period for the portfolio's. */
const STATS_PERIOD: Record<TPeriod, TStatsPeriod> = { all: 'all', '1Y': '1y', '1M': '30d', '1W': '7d' };

/** Confirms the demo reset: every demo position closes and the balance goes back to its start. */
function ResetDemoButton() {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  const reset = useResetDemo();
  // The platform's demo start balance (10,000 USD unless an administrator changed it).
  const start = formatMoney(useSettings('trading').demoStartBalance, 2).replace(/\.00$/, '');
  return (
    <>
      <Button icon={<IconRefresh size={16} />} onClick={() => setIsOpen(true)}>
        {t('portfolio.resetDemo.button')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title={t('portfolio.resetDemo.title')}
        description={t('portfolio.resetDemo.description', { start })}
        confirmLabel={t('portfolio.resetDemo.submit', { start })}
        isPending={reset.isPending}
        onConfirm={() => reset.mutate(undefined, { onSuccess: () => setIsOpen(false) })}
        testId="reset-demo-dialog"
      />
    </>
  );
}

/**
 * The Portfolio tab: the book of the active account (balance, equity, margin, PnL), its equity
 * curve over a period, how the open positions split between markets, and the positions themselves.
 */
export function PortfolioScreen() {
  const t = useT();
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

  // The card adds up the rows as they show: each position at the same live quote, to the cent.
  const pairBySymbol = new Map((pairsQuery.data ?? []).map((pair) => [pair.symbol, pair]));
  const positionPairs = (portfolio?.positions ?? []).flatMap((order) => {
    const pair = pairBySymbol.get(order.symbol);
    return pair ? [pair] : [];
  });
  const quotes = useLiveQuotes(positionPairs);
  const unrealizedPnl =
    portfolio &&
    positionsPnlTotal(
      portfolio.positions.map((order) => {
        const pair = pairBySymbol.get(order.symbol);
        return {
          position: order,
          quote: pair ? quotes.get(pair.key) : undefined,
          pricePrecision: pair?.pricePrecision ?? 2,
        };
      }),
    );

  const isFailed = portfolioQuery.isError && !portfolio;
  const periodTabs = PERIODS.map((value) => ({ value, label: periodText('portfolio', value) }));

  return (
    <>
      <PageHeader
        title={t('nav.portfolio')}
        description={t('portfolio.description')}
        actions={
          <div className={styles.headerActions}>
            <AccountSwitch />
            {account === 'demo' ? <ResetDemoButton /> : null}
          </div>
        }
      />
      {isFailed ? (
        <Card>
          <LoadError title={t('portfolio.loadError')} onRetry={() => void portfolioQuery.refetch()} />
        </Card>
      ) : (
        <div className={styles.stack}>
          <MarginBar account={account} balance={portfolio} />
          <StatCards
            portfolio={portfolio}
            unrealizedPnl={unrealizedPnl}
            periodLabel={periodHintText(period)}
          />
          <TradingStatsCard
            account={account}
            period={STATS_PERIOD[period]}
            periodLabel={periodHintText(period)}
          />
          <div className={styles.row}>
            <Card
              title={t('portfolio.equity.title')}
              className={styles.equityCard}
              actions={
                <FilterTabs
                  label={t('portfolio.period.label')}
                  tabs={periodTabs}
                  value={period}
                  onChange={setPeriod}
                  size="sm"
                />
              }
            >
              <div className={styles.equity} data-stale={portfolioQuery.isPlaceholderData || undefined}>
                {portfolio && portfolio.series.length >= 2 ? (
                  <EquityChart points={portfolio.series} seriesKey={`${account}|${period}`} />
                ) : portfolio ? (
                  <div className={styles.equityEmpty}>
                    <EmptyState
                      icon={<IconLineChart size={24} />}
                      title={t('portfolio.equity.today', { equity: formatMoney(portfolio.equity, 2) })}
                      description={t('portfolio.equity.emptyHint')}
                    />
                  </div>
                ) : (
                  <Skeleton width="100%" height="100%" shape="block" />
                )}
              </div>
            </Card>
            <AllocationCard slices={slices} />
          </div>
          <Card title={t('portfolio.positions.title')} isFlush>
            <OpenOrdersTable
              kind="positions"
              orders={portfolio?.positions}
              pairs={pairsQuery.data}
              isLoading={portfolioQuery.isPending}
              isError={portfolioQuery.isError}
              onRetry={() => void portfolioQuery.refetch()}
              empty={{
                icon: <IconActivity size={24} />,
                title: t('portfolio.positions.empty'),
                description: t('portfolio.positions.emptyHint'),
                action: (
                  <ButtonLink to={PATHS.trade} size="sm" variant="primary">
                    {t('portfolio.positions.openTrade')}
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
