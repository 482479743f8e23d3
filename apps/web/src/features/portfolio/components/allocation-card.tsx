// The portfolio's allocation card: how the amount in open positions splits across pair types, as an
// SVG donut with the total in its centre and a legend of amounts and shares.
import { IconPieChart } from '../../../components/app-icons';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import type { TAllocationSlice } from '../../../domain/trading/allocation';
import { sumMoney } from '../../../domain/trading/trading-math';
import { formatMoney, shortenCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { pairTypeText } from '../../../lib/labels';
import styles from './allocation-card.module.css';

interface TAllocationCardProps {
  slices: readonly TAllocationSlice[] | undefined;
}

const RADIUS = 48;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The share of each market in the open position amount: a donut (SVG) and its legend. */
export function AllocationCard({ slices }: TAllocationCardProps) {
  const t = useT();
  let offset = 0;
  return (
    <Card title={t('portfolio.allocation.title')} className={styles.card}>
      {slices === undefined ? (
        <div className={styles.body} aria-busy="true">
          <Skeleton width={160} height={160} shape="circle" className={styles.donutSkeleton} />
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} height={14} width="70%" />
          ))}
        </div>
      ) : slices.length === 0 ? (
        <EmptyState
          icon={<IconPieChart size={24} />}
          title={t('portfolio.allocation.empty')}
          description={t('portfolio.allocation.emptyHint')}
        />
      ) : (
        <div className={styles.body}>
          <div className={styles.donutWrap}>
            <svg
              className={styles.donut}
              viewBox="0 0 120 120"
              role="img"
              aria-label={slices
                .map((slice) => `${pairTypeText(slice.pairType)} ${formatMoney(slice.percent, 1)} %`)
                .join(', ')}
            >
              <circle cx="60" cy="60" r={RADIUS} className={styles.track} />
              {slices.map((slice) => {
                const length = (CIRCUMFERENCE * slice.permille) / 1000;
                const start = offset;
                offset += length;
                return (
                  <circle
                    key={slice.pairType}
                    cx="60"
                    cy="60"
                    r={RADIUS}
                    className={`${styles.slice} ${styles[slice.pairType]}`}
                    strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
                    strokeDashoffset={-start}
                  />
                );
              })}
            </svg>
            <div className={styles.center}>
              <span className={`${styles.total} tabular`}>
                {shortenCurrency(sumMoney(slices.map((slice) => slice.amount)))}
              </span>
              <span className={styles.totalLabel}>{t('portfolio.allocation.openTotal')}</span>
            </div>
          </div>
          <ul className={styles.legend}>
            {slices.map((slice) => (
              <li key={slice.pairType} className={styles.item} data-pair-type={slice.pairType}>
                <span className={`${styles.swatch} ${styles[slice.pairType]}`} aria-hidden="true" />
                <span className={styles.name}>{pairTypeText(slice.pairType)}</span>
                <span className={`${styles.amount} tabular`}>{formatMoney(slice.amount, 2)} USD</span>
                <span className={`${styles.percent} tabular`}>{formatMoney(slice.percent, 1)} %</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
