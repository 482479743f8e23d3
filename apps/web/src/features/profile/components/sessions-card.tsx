// The security screen's sessions card: where the account is signed in (device, IP, last active,
// since when), this device first; any other session can be signed out, one or all at once.
import type { TSession } from '@td/contracts/profile';
import toast from 'react-hot-toast';
import { IconMonitor, IconSmartphone } from '../../../components/app-icons';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { formatDateTime, formatTimeAgo } from '../../../lib/format';
import { t, useT } from '../../../lib/i18n';
import { describeDevice } from '../../../lib/user-agent';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import styles from './security-tables.module.css';

function DeviceCell({ session }: { session: TSession }) {
  const t = useT();
  const { label, isMobile } = describeDevice(session.device);
  return (
    <span className={styles.device}>
      <span className={styles.deviceIcon}>
        {isMobile ? <IconSmartphone size={16} /> : <IconMonitor size={16} />}
      </span>
      <span className={styles.deviceLabel} title={session.device}>
        {label}
      </span>
      {session.current ? <Badge tone="info">{t('security.sessions.thisDevice')}</Badge> : null}
    </span>
  );
}

function RevokeButton({ session }: { session: TSession }) {
  const t = useT();
  const revoke = useRevokeSession();
  if (session.current) return null;
  const { label } = describeDevice(session.device);
  return (
    <Button
      size="sm"
      variant="ghost"
      className={styles.revoke}
      isLoading={revoke.isPending}
      aria-label={t('security.sessions.signOutLabel', { device: label, ip: session.ip })}
      onClick={() =>
        revoke.mutate(session.id, {
          onSuccess: ({ message }) => toast.success(message || t('security.sessions.signedOut')),
        })
      }
    >
      {t('security.sessions.signOut')}
    </Button>
  );
}

/** The table's columns, in the language shown (built at each draw). */
const columns = (): readonly TColumn<TSession>[] => [
  {
    key: 'device',
    header: t('security.device'),
    isPrimary: true,
    cell: (session) => <DeviceCell session={session} />,
  },
  {
    key: 'ip',
    header: t('security.ipAddress'),
    cell: (session) => <span className="mono">{session.ip}</span>,
  },
  {
    key: 'lastSeen',
    header: t('security.sessions.lastActive'),
    cell: (session) => (
      <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)} className="tabular">
        {session.current ? t('security.sessions.now') : formatTimeAgo(session.lastSeenAt)}
      </time>
    ),
  },
  {
    key: 'since',
    header: t('security.sessions.signedIn'),
    cell: (session) => (
      <time dateTime={session.createdAt} className="tabular">
        {formatDateTime(session.createdAt)}
      </time>
    ),
  },
  { key: 'action', header: '', align: 'end', cell: (session) => <RevokeButton session={session} /> },
];

/** This device first, then the most recently active. */
function ordered(sessions: readonly TSession[]): TSession[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
}

export function SessionsCard() {
  const t = useT();
  const { data: sessions, isPending, isError, refetch } = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const otherCount = sessions?.filter((session) => !session.current).length ?? 0;

  return (
    <Card
      title={t('security.sessions.title')}
      isFlush
      actions={
        <Button
          size="sm"
          variant="secondary"
          disabled={otherCount === 0}
          isLoading={revokeOthers.isPending}
          onClick={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: ({ message }) => toast.success(message || t('security.sessions.othersSignedOut')),
            })
          }
        >
          {t('security.sessions.signOutOthers')}
        </Button>
      }
    >
      <p className={styles.intro}>{t('security.sessions.intro')}</p>
      <DataTable
        caption={t('security.sessions.title')}
        columns={columns()}
        rows={sessions ? ordered(sessions) : undefined}
        rowKey={(session) => session.id}
        isLoading={isPending}
        skeletonRows={2}
        error={
          isError ? (
            <LoadError title={t('security.sessions.loadError')} onRetry={() => void refetch()} />
          ) : undefined
        }
        empty={<EmptyState icon={<IconMonitor size={24} />} title={t('security.sessions.empty')} />}
      />
    </Card>
  );
}
