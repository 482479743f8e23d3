// The referral part of a user's back-office page: who referred the user and whom the user
// referred, with what links the accounts (same IP, device, payout address or identity), and the
// commissions earned, which a role allowed to change balances can claw back with a reason.
import {
  type TAdminReferralCommission,
  type TAdminReferralLink,
  type TAdminReferrals,
  type TReferralFlag,
  ZClawbackRequest,
} from '@td/contracts/referrals';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { dateTimeColumn, type TColumn } from '../../../components/data-table';
import { EmailText } from '../../../components/email-text';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { clawbackCommission, useAdminUserMutation } from '../api/admin-users';
import styles from './admin.module.css';
import { TableCard } from './admin-list';
import { TextDialog } from './text-dialog';

const FLAG_KEY = {
  ip: 'admin.referrals.flag.ip',
  device: 'admin.referrals.flag.device',
  payout_address: 'admin.referrals.flag.payoutAddress',
  identity: 'admin.referrals.flag.identity',
} as const satisfies Record<TReferralFlag, string>;

/** What links two accounts, as warning badges; "No link found" when nothing does. */
function Flags({ flags }: { flags: readonly TReferralFlag[] }) {
  const t = useT();
  if (flags.length === 0) return <Badge tone="positive">{t('admin.referrals.noFlag')}</Badge>;
  return (
    <span className={styles.flags} data-testid="referral-flags">
      {flags.map((flag) => (
        <Badge key={flag} tone="negative">
          {t(FLAG_KEY[flag])}
        </Badge>
      ))}
    </span>
  );
}

/** A user's e-mail, linking to their page. */
const UserLink = ({ id, email }: { id: string; email: string }) => (
  <Link to={PATHS.admin.user(id)}>
    <EmailText value={email} />
  </Link>
);

const linkColumns = (
  t: ReturnType<typeof useT>,
  referrerId: string | undefined,
): TColumn<TAdminReferralLink>[] => [
  {
    key: 'email',
    header: t('admin.user.email'),
    isPrimary: true,
    cell: (link) => <UserLink id={link.userId} email={link.email} />,
  },
  {
    key: 'relation',
    header: t('admin.referrals.relation'),
    cell: (link) =>
      link.userId === referrerId ? t('admin.referrals.isReferrer') : t('admin.referrals.isReferred'),
  },
  { key: 'level', header: t('admin.referrals.level'), cell: (link) => String(link.kycLevel) },
  {
    key: 'flags',
    header: t('admin.referrals.flags'),
    align: 'end',
    cell: (link) => <Flags flags={link.flags} />,
  },
];

/**
 * A user's referrals on their back-office page: who referred them and whom they referred, each
 * with what links the two accounts (flagged), and the commissions they earned, each of which
 * can be clawed back with a reason.
 */
export function AdminReferrals({
  referrals,
  isLoading,
  mayClawBack,
}: {
  referrals: TAdminReferrals | undefined;
  isLoading: boolean;
  /** Whether the caller's role takes commissions back (`balance`). */
  mayClawBack: boolean;
}) {
  const t = useT();
  const clawback = useAdminUserMutation(clawbackCommission);
  const [clawing, setClawing] = useState<TAdminReferralCommission>();
  const commissionColumns: TColumn<TAdminReferralCommission>[] = [
    { ...dateTimeColumn('at', t('admin.user.time'), (row) => row.createdAt), isPrimary: true },
    {
      key: 'referred',
      header: t('admin.referrals.referred'),
      cell: (row) => <UserLink id={row.referredId} email={row.referredEmail} />,
    },
    {
      key: 'commission',
      header: t('admin.referrals.commission'),
      align: 'end',
      cell: (row) => <span className="tabular">{formatMoney(row.commission, 2)}</span>,
    },
    {
      key: 'state',
      header: t('admin.column.status'),
      align: 'end',
      cell: (row) =>
        row.clawedBackAt ? (
          <span title={row.clawbackReason ?? undefined}>
            <Badge tone="negative">
              {t('admin.referrals.clawedBack', {
                taken: formatMoney(row.clawedBack ?? '0', 2),
                owed: formatMoney(row.owed ?? '0', 2),
              })}
            </Badge>
          </span>
        ) : mayClawBack ? (
          <Button variant="secondary" size="sm" onClick={() => setClawing(row)}>
            {t('admin.referrals.clawback')}
          </Button>
        ) : null,
    },
  ];
  const links = [...(referrals?.referrer ? [referrals.referrer] : []), ...(referrals?.referees ?? [])];
  return (
    <>
      <TableCard
        title={t('admin.referrals.title')}
        columns={linkColumns(t, referrals?.referrer?.userId)}
        rows={referrals ? links : undefined}
        rowKey={(link) => link.userId}
        isLoading={isLoading}
        emptyText={t('admin.referrals.none')}
      />
      <TableCard
        title={t('admin.referrals.commissions')}
        columns={commissionColumns}
        rows={referrals?.commissions}
        rowKey={(row) => row.id}
        isLoading={isLoading}
        emptyText={t('admin.referrals.noCommissions')}
      />
      <TextDialog
        isOpen={clawing !== undefined}
        title={t('admin.referrals.clawbackTitle')}
        description={t('admin.referrals.clawbackText', {
          amount: formatMoney(clawing?.commission ?? '0', 2),
        })}
        confirm={t('admin.referrals.clawback')}
        schema={ZClawbackRequest}
        run={(reason) => clawback.mutateAsync({ id: clawing?.id ?? '', reason })}
        failure={t('admin.referrals.clawbackFailed')}
        onClose={() => setClawing(undefined)}
        testId="clawback-dialog"
      />
    </>
  );
}
