// The figures at the top of the portfolio: balance, equity, free margin, margin used, and
// unrealised and realised PnL in USD. The unrealised PnL comes in as the positions' rows added up,
// so the card and the table agree.
import type { TPortfolio } from '@td/contracts/trading';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/skeleton';
import { SignedMoney } from '../../../domain/trading/components/signed-money';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import styles from './stat-cards.module.css';

function Stat({
  label,
  hint,
  children,
  testId,
}: {
  label: string;
  hint?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className={styles.stat} data-testid={testId}>
      <dt className={styles.label}>{label}</dt>
      <dd className={`${styles.value} tabular`}>{children}</dd>
      {hint ? <dd className={styles.hint}>{hint}</dd> : null}
    </div>
  );
}

const money = (value: string | undefined) =>
  value === undefined ? <Skeleton width="70%" height={22} /> : formatMoney(value, 2);
const signed = (value: string | undefined) =>
  value === undefined ? <Skeleton width="60%" height={22} /> : <SignedMoney value={value} />;

/**
 * The book at a glance: balance, equity, margin, and unrealised and realised PnL, in USD. The
 * unrealised PnL is the positions' rows added up (`unrealizedPnl`), so card and rows agree.
 */
export function StatCards({
  portfolio,
  unrealizedPnl,
  periodLabel,
}: {
  portfolio: TPortfolio | undefined;
  unrealizedPnl: string | undefined;
  periodLabel: string;
}) {
  const t = useT();
  return (
    <dl className={styles.grid} aria-busy={portfolio === undefined || undefined}>
      <Stat label={t('portfolio.stat.balance')} testId="stat-balance">
        {money(portfolio?.balance)}
      </Stat>
      <Stat label={t('portfolio.stat.equity')} hint={t('portfolio.stat.equityHint')} testId="stat-equity">
        {money(portfolio?.equity)}
      </Stat>
      <Stat label={t('portfolio.stat.freeMargin')} testId="stat-free-margin">
        {money(portfolio?.freeMargin)}
      </Stat>
      <Stat label={t('portfolio.stat.marginUsed')} testId="stat-margin-used">
        {money(portfolio?.marginUsed)}
      </Stat>
      <Stat
        label={t('portfolio.stat.unrealized')}
        hint={t('portfolio.positions.title')}
        testId="stat-unrealized"
      >
        {signed(unrealizedPnl)}
      </Stat>
      <Stat label={t('portfolio.stat.realized')} hint={periodLabel} testId="stat-realized">
        {signed(portfolio?.realizedPnl)}
      </Stat>
    </dl>
  );
}
