import type { TAccount } from '@td/contracts/constants';
import type { TStatsPeriod, TTradingStats } from '@td/contracts/financing';
import type { ReactNode } from 'react';
import { Card } from '../../../components/card';
import { LoadError } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { formatMoney } from '../../../lib/format';
import { displaySymbol } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { SignedMoney } from '../../trading/components/signed-money';
import { useTradingStats } from '../financing-queries';
import styles from './trading-stats-card.module.css';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className={styles.figure} data-testid={testId}>
      <dt className={styles.label}>{label}</dt>
      <dd className={`${styles.value} tabular`}>{children}</dd>
    </div>
  );
}

const plain = (value: string | null, suffix = '') =>
  value === null ? '—' : `${formatMoney(value, 2)}${suffix}`;
const pairResult = (pair: TTradingStats['bestPair']) =>
  pair ? (
    <>
      <span className={styles.pair}>{displaySymbol(pair.symbol)}</span> <SignedMoney value={pair.result} />
    </>
  ) : (
    '—'
  );

/** An account's trading statistics over a period: a compact grid of figures. */
export function TradingStatsCard({
  account,
  period,
  periodLabel,
}: {
  account: TAccount;
  period: TStatsPeriod;
  periodLabel: string;
}) {
  const t = useT();
  const query = useTradingStats(account, period);
  const stats = query.data;
  const figure = (value: ReactNode) => (stats ? value : <Skeleton width="60%" height={16} />);
  return (
    <Card title={t('financing.stats.title')} actions={<span className={styles.period}>{periodLabel}</span>}>
      {query.isError && !stats ? (
        <LoadError title={t('financing.stats.loadError')} onRetry={() => void query.refetch()} />
      ) : (
        <dl className={styles.grid} data-testid="trading-stats" aria-busy={!stats || undefined}>
          <Figure label={t('financing.stats.closedTrades')} testId="stats-closed">
            {figure(stats?.closedTrades)}
          </Figure>
          <Figure label={t('financing.stats.winRate')} testId="stats-win-rate">
            {figure(stats && plain(stats.winRate, ' %'))}
          </Figure>
          <Figure label={t('financing.stats.profitFactor')} testId="stats-profit-factor">
            {figure(stats && plain(stats.profitFactor))}
          </Figure>
          <Figure label={t('financing.stats.expectancy')} testId="stats-expectancy">
            {figure(stats && <SignedMoney value={stats.expectancy} />)}
          </Figure>
          <Figure label={t('financing.stats.averageWin')} testId="stats-average-win">
            {figure(stats && <SignedMoney value={stats.averageWin} />)}
          </Figure>
          <Figure label={t('financing.stats.averageLoss')} testId="stats-average-loss">
            {figure(stats && <SignedMoney value={stats.averageLoss} />)}
          </Figure>
          <Figure label={t('financing.stats.largestWin')} testId="stats-largest-win">
            {figure(stats && <SignedMoney value={stats.largestWin} />)}
          </Figure>
          <Figure label={t('financing.stats.largestLoss')} testId="stats-largest-loss">
            {figure(stats && <SignedMoney value={stats.largestLoss} />)}
          </Figure>
          <Figure label={t('financing.stats.maxDrawdown')} testId="stats-drawdown">
            {figure(
              stats && (
                <>
                  {plain(stats.maxDrawdown)}
                  {stats.maxDrawdownPercent ? (
                    <span className={styles.muted}> ({formatMoney(stats.maxDrawdownPercent, 2)} %)</span>
                  ) : null}
                </>
              ),
            )}
          </Figure>
          <Figure label={t('financing.stats.swapsPaid')} testId="stats-swaps">
            {figure(stats && plain(stats.swapsPaid))}
          </Figure>
          <Figure label={t('financing.stats.feesPaid')} testId="stats-fees">
            {figure(stats && plain(stats.feesPaid))}
          </Figure>
          <Figure label={t('financing.stats.bestPair')} testId="stats-best-pair">
            {figure(stats && pairResult(stats.bestPair))}
          </Figure>
          <Figure label={t('financing.stats.worstPair')} testId="stats-worst-pair">
            {figure(stats && pairResult(stats.worstPair))}
          </Figure>
        </dl>
      )}
    </Card>
  );
}
