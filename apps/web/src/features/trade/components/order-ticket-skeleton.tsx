import { Skeleton } from '../../../components/skeleton';
import { useT } from '../../../lib/i18n';
import styles from './order-ticket.module.css';

/** The ticket's shape while the pairs load. */
export function OrderTicketSkeleton() {
  const t = useT();
  return (
    <section className={styles.ticket} aria-busy="true" aria-label={t('trade.ticket.label')}>
      <div className={styles.form}>
        <div className={styles.sides}>
          <Skeleton height={52} shape="block" />
          <Skeleton height={52} shape="block" />
        </div>
        <Skeleton width={140} height={30} shape="block" />
        {['amount', 'leverage', 'exits'].map((key) => (
          <div key={key} className={styles.skeletonField}>
            <Skeleton width={80} height={12} />
            <Skeleton height={36} shape="block" />
          </div>
        ))}
        <Skeleton height={132} shape="block" />
        <Skeleton height={44} shape="block" />
      </div>
    </section>
  );
}
