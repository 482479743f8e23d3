import type { TPortfolio } from '@td/contracts/trading';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/skeleton';
import { SignedMoney } from '../../../domain/trading/components/signed-money';
import { formatMoney } from '../../../lib/format';
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

/** The book at a glance: balance, equity, margin, and unrealised and realised PnL, in USD. */
export function StatCards({
  portfolio,
  periodLabel,
}: {
  portfolio: TPortfolio | undefined;
  periodLabel: string;
}) {
  return (
    <dl className={styles.grid} aria-busy={portfolio === undefined || undefined}>
      <Stat label="Balance (USD)" testId="stat-balance">
        {money(portfolio?.balance)}
      </Stat>
      <Stat label="Equity (USD)" hint="Balance + unrealised PnL" testId="stat-equity">
        {money(portfolio?.equity)}
      </Stat>
      <Stat label="Free margin (USD)" testId="stat-free-margin">
        {money(portfolio?.freeMargin)}
      </Stat>
      <Stat label="Margin used (USD)" testId="stat-margin-used">
        {money(portfolio?.marginUsed)}
      </Stat>
      <Stat label="Unrealised PnL (USD)" hint="Open positions" testId="stat-unrealized">
        {signed(portfolio?.unrealizedPnl)}
      </Stat>
      <Stat label="Realised PnL (USD)" hint={periodLabel} testId="stat-realized">
        {signed(portfolio?.realizedPnl)}
      </Stat>
    </dl>
  );
}
