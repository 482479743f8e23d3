import type { TSession } from '@td/contracts/profile';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { IconMonitor, IconSmartphone } from '../../../components/icons';
import { formatDateTime, formatTimeAgo } from '../../../lib/format';
import { describeDevice } from '../../../lib/user-agent';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import styles from './security-tables.module.css';

function DeviceCell({ session }: { session: TSession }) {
  const { label, isMobile } = describeDevice(session.device);
  return (
    <span className={styles.device}>
      <span className={styles.deviceIcon}>
        {isMobile ? <IconSmartphone size={16} /> : <IconMonitor size={16} />}
      </span>
      <span className={styles.deviceLabel} title={session.device}>
        {label}
      </span>
      {session.current ? <Badge tone="info">This device</Badge> : null}
    </span>
  );
}

function RevokeButton({ session }: { session: TSession }) {
  const revoke = useRevokeSession();
  if (session.current) return null;
  const { label } = describeDevice(session.device);
  return (
    <Button
      size="sm"
      variant="ghost"
      className={styles.revoke}
      isLoading={revoke.isPending}
      aria-label={`Sign out ${label} (${session.ip})`}
      onClick={() =>
        revoke.mutate(session.id, {
          onSuccess: ({ message }) => toast.success(message || 'Session signed out'),
        })
      }
    >
      Sign out
    </Button>
  );
}

const COLUMNS: readonly TColumn<TSession>[] = [
  { key: 'device', header: 'Device', isPrimary: true, cell: (session) => <DeviceCell session={session} /> },
  { key: 'ip', header: 'IP address', cell: (session) => <span className="mono">{session.ip}</span> },
  {
    key: 'lastSeen',
    header: 'Last active',
    cell: (session) => (
      <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)} className="tabular">
        {session.current ? 'Now' : formatTimeAgo(session.lastSeenAt)}
      </time>
    ),
  },
  {
    key: 'since',
    header: 'Signed in',
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
  const { data: sessions, isPending, isError, refetch } = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const otherCount = sessions?.filter((session) => !session.current).length ?? 0;

  return (
    <Card
      title="Active sessions"
      isFlush
      actions={
        <Button
          size="sm"
          variant="secondary"
          disabled={otherCount === 0}
          isLoading={revokeOthers.isPending}
          onClick={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: ({ message }) => toast.success(message || 'Other sessions signed out'),
            })
          }
        >
          Sign out all other sessions
        </Button>
      }
    >
      <p className={styles.intro}>
        Devices signed in to your account. If you do not recognise one, sign it out and change your password.
      </p>
      <DataTable
        caption="Active sessions"
        columns={COLUMNS}
        rows={sessions ? ordered(sessions) : undefined}
        rowKey={(session) => session.id}
        isLoading={isPending}
        skeletonRows={2}
        error={
          isError ? (
            <LoadError title="Sessions could not be loaded." onRetry={() => void refetch()} />
          ) : undefined
        }
        empty={<EmptyState icon={<IconMonitor size={24} />} title="No active sessions." />}
      />
    </Card>
  );
}
