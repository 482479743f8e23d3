// The cells several back-office tables share: a row's name over a muted line, the user a row
// belongs to, and the decision on a row waiting for review (approve, or reject with a reason).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import type { TColumn } from '../../../components/data-table';
import { useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import styles from './admin.module.css';
import { toastOutcome } from './inline-form';

/** A row's name in bold with a muted line under it (`sub`); the two a link to the row's page with `to`. */
export function NameCell({ to, sub, children }: { to?: string; sub?: ReactNode; children: ReactNode }) {
  const line = sub === undefined ? null : <span className={styles.sub}>{sub}</span>;
  return to ? (
    <Link to={to} className={styles.strongLink}>
      {children}
      {line}
    </Link>
  ) : (
    <span className={styles.strong}>
      {children}
      {line}
    </span>
  );
}

/** The user the row belongs to: their e-mail, linking to their page. */
export const userColumn = <TRow extends { userId: string; userEmail: string }>(
  t: ReturnType<typeof useT>,
): TColumn<TRow> => ({
  key: 'user',
  header: t('admin.column.user'),
  cell: (row) => (
    <Link to={PATHS.admin.user(row.userId)} className={styles.strongLink}>
      {row.userEmail}
    </Link>
  ),
});

/** What approving a row runs: busy on the row whose approval is under way. */
interface TApproval {
  isPending: boolean;
  variables: unknown;
  mutateAsync: (id: string) => Promise<{ message: string }>;
}

/**
 * A waiting row's decision: Approve (its answer toasted), or another first step instead (a
 * withdrawal to send: Mark sent), then Reject, which asks for the reason.
 */
export function RowDecision({
  id,
  approve,
  onReject,
  first,
}: {
  id: string;
  approve: TApproval;
  onReject: () => void;
  first?: ReactNode;
}) {
  const t = useT();
  return (
    <span className={styles.rowActions}>
      {first ?? (
        <Button
          size="sm"
          variant="primary"
          isLoading={approve.isPending && approve.variables === id}
          onClick={() => void toastOutcome(approve.mutateAsync(id))}
        >
          {t('admin.approve')}
        </Button>
      )}
      <Button size="sm" variant="danger" onClick={onReject}>
        {t('admin.reject')}
      </Button>
    </span>
  );
}
