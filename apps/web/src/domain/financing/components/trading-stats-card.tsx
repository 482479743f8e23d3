// The card of an account's trading statistics over a chosen period (win rate, profit factor,
// average and largest wins and losses, drawdown, swaps and fees, best and worst pair).
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

/** The figures of the statistics the card shows (each is labelled financing.stats.<name>). */
type TFigureName = Exclude<
  keyof TTradingStats,
  'period' | 'wins' | 'losses' | 'netResult' | 'maxDrawdownPercent'
>;
type TSignedFigure = 'expectancy' | 'averageWin' | 'averageLoss' | 'largestWin' | 'largestLoss';
const signed = (key: TSignedFigure) => (stats: TTradingStats) => <SignedMoney value={stats[key]} />;
const drawdown = (stats: TTradingStats) => (
  <>
    {plain(stats.maxDrawdown)}
    {stats.maxDrawdownPercent ? (
      <span className={styles.muted}> ({formatMoney(stats.maxDrawdownPercent, 2)} %)</span>
    ) : null}
  </>
);

/** The card's figures in their order: the label (financing.stats.*), the test id, what it shows. */
const FIGURES: readonly [TFigureName, string, (stats: TTradingStats) => ReactNode][] = [
  ['closedTrades', 'stats-closed', (stats) => stats.closedTrades],
  ['winRate', 'stats-win-rate', (stats) => plain(stats.winRate, ' %')],
  ['profitFactor', 'stats-profit-factor', (stats) => plain(stats.profitFactor)],
  ['expectancy', 'stats-expectancy', signed('expectancy')],
  ['averageWin', 'stats-average-win', signed('averageWin')],
  ['averageLoss', 'stats-average-loss', signed('averageLoss')],
  ['largestWin', 'stats-largest-win', signed('largestWin')],
  ['largestLoss', 'stats-largest-loss', signed('largestLoss')],
  ['maxDrawdown', 'stats-drawdown', drawdown],
  ['swapsPaid', 'stats-swaps', (stats) => plain(stats.swapsPaid)],
  ['feesPaid', 'stats-fees', (stats) => plain(stats.feesPaid)],
  ['bestPair', 'stats-best-pair', (stats) => pairResult(stats.bestPair)],
  ['worstPair', 'stats-worst-pair', (stats) => pairResult(stats.worstPair)],
];

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
  return (
    <Card title={t('financing.stats.title')} actions={<span className={styles.period}>{periodLabel}</span>}>
      {query.isError && !stats ? (
        <LoadError title={t('financing.stats.loadError')} onRetry={() => void query.refetch()} />
      ) : (
        <dl className={styles.grid} data-testid="trading-stats" aria-busy={!stats || undefined}>
          {FIGURES.map(([name, testId, show]) => (
            <Figure key={testId} label={t(`financing.stats.${name}`)} testId={testId}>
              {stats ? show(stats) : <Skeleton width="60%" height={16} />}
            </Figure>
          ))}
        </dl>
      )}
    </Card>
  );
}
