import type { TUser } from '@td/contracts/profile';
import type { ReactNode } from 'react';
import { Card } from '../../../components/card';
import { LoadError } from '../../../components/empty-state';
import { IconCheckCircle, IconFish, IconMail, IconShieldCheck } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useProfile } from '../../../domain/identity/get-profile';
import { AntiPhishingCard } from './anti-phishing-card';
import { ApiKeysCard } from './api-keys-card';
import { ChangePasswordCard } from './change-password-card';
import { LoginHistoryCard } from './login-history-card';
import { PasskeysCard } from './passkeys-card';
import styles from './security-screen.module.css';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

function Check({
  isDone,
  icon,
  title,
  detail,
}: {
  isDone: boolean;
  icon: ReactNode;
  title: string;
  detail: string;
}) {
  return (
    <li className={styles.check} data-done={isDone}>
      <span className={styles.checkIcon}>{isDone ? <IconCheckCircle size={18} /> : icon}</span>
      <span className={styles.checkText}>
        <span className={styles.checkTitle}>{title}</span>
        <span className={styles.checkDetail}>{detail}</span>
      </span>
    </li>
  );
}

/** Where the account stands, at a glance: what is done and what is left to do. */
function SecurityOverview({ user }: { user: TUser }) {
  const done = [user.emailVerified, user.tfaEnabled, Boolean(user.antiPhishingPhrase)].filter(Boolean).length;
  return (
    <Card className={styles.overview}>
      <div className={styles.overviewInner}>
        <div className={styles.score}>
          <span className={styles.scoreValue}>
            <span className="tabular">{done}</span>
            <span className={styles.scoreOf}>/3</span>
          </span>
          <span className={styles.scoreLabel}>
            {done === 3 ? 'Fully protected' : 'Protection steps done'}
          </span>
        </div>
        <ul className={styles.checks}>
          <Check
            isDone={user.emailVerified}
            icon={<IconMail size={18} />}
            title="Email verified"
            detail={user.emailVerified ? user.email : 'Verify your address'}
          />
          <Check
            isDone={user.tfaEnabled}
            icon={<IconShieldCheck size={18} />}
            title="Two-factor authentication"
            detail={user.tfaEnabled ? 'On' : 'Off: turn it on below'}
          />
          <Check
            isDone={Boolean(user.antiPhishingPhrase)}
            icon={<IconFish size={18} />}
            title="Anti-phishing phrase"
            detail={user.antiPhishingPhrase ? 'Set' : 'Not set'}
          />
        </ul>
      </div>
    </Card>
  );
}

function SecuritySkeleton() {
  return (
    <div className={styles.grid} aria-busy="true">
      <Card className={styles.wide}>
        <div className={styles.skeletonRow}>
          <Skeleton width={64} height={40} shape="block" />
          <Skeleton width="30%" height={14} />
          <Skeleton width="30%" height={14} />
        </div>
      </Card>
      {['Password', 'Two-factor authentication'].map((title) => (
        <Card key={title} title={title}>
          <div className={styles.skeletonStack}>
            <Skeleton width="80%" height={12} />
            <Skeleton width="100%" height={44} shape="block" />
            <Skeleton width="100%" height={44} shape="block" />
          </div>
        </Card>
      ))}
    </div>
  );
}

export function SecurityScreen() {
  const { data: user, isPending, isError, refetch } = useProfile();

  return (
    <>
      <PageHeader
        title="Security"
        description="Your password, two-factor authentication, passkeys, signed-in devices, login history and API keys."
      />
      {isError ? (
        <Card>
          <LoadError title="Your security settings could not be loaded." onRetry={() => void refetch()} />
        </Card>
      ) : isPending || !user ? (
        <SecuritySkeleton />
      ) : (
        <div className={styles.grid}>
          <div className={styles.wide}>
            <SecurityOverview user={user} />
          </div>
          <ChangePasswordCard user={user} />
          <div className={styles.stack}>
            <TwoFactorCard user={user} />
            <AntiPhishingCard user={user} />
          </div>
          <div className={styles.wide}>
            <PasskeysCard user={user} />
          </div>
          <div className={styles.wide}>
            <SessionsCard />
          </div>
          <div className={styles.wide}>
            <LoginHistoryCard />
          </div>
          <div className={styles.wide}>
            <ApiKeysCard />
          </div>
        </div>
      )}
    </>
  );
}
