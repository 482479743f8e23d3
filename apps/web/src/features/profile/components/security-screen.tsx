// The account's security screen: an overview of what is done (e-mail verified, two-factor,
// anti-phishing phrase), then the cards for the password, two-factor, anti-phishing, passkeys,
// sessions, sign-in history and API keys.
import type { TUser } from '@td/contracts/profile';
import type { ReactNode } from 'react';
import { IconFish, IconMail } from '../../../components/app-icons';
import { Card } from '../../../components/card';
import { IconCheckCircle, IconShieldCheck } from '../../../components/icons';
import { Skeleton } from '../../../components/skeleton';
import { useT } from '../../../lib/i18n';
import { AccountScreen } from './account-screen';
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
  const t = useT();
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
            {done === 3 ? t('security.overview.full') : t('security.overview.partial')}
          </span>
        </div>
        <ul className={styles.checks}>
          <Check
            isDone={user.emailVerified}
            icon={<IconMail size={18} />}
            title={t('security.overview.email')}
            detail={user.emailVerified ? user.email : t('security.overview.emailTodo')}
          />
          <Check
            isDone={user.tfaEnabled}
            icon={<IconShieldCheck size={18} />}
            title={t('security.tfa.title')}
            detail={user.tfaEnabled ? t('security.status.on') : t('security.overview.tfaTodo')}
          />
          <Check
            isDone={Boolean(user.antiPhishingPhrase)}
            icon={<IconFish size={18} />}
            title={t('security.antiPhishing.title')}
            detail={user.antiPhishingPhrase ? t('security.status.set') : t('security.status.notSet')}
          />
        </ul>
      </div>
    </Card>
  );
}

function SecuritySkeleton() {
  const t = useT();
  return (
    <div className={styles.grid} aria-busy="true">
      <Card className={styles.wide}>
        <div className={styles.skeletonRow}>
          <Skeleton width={64} height={40} shape="block" />
          <Skeleton width="30%" height={14} />
          <Skeleton width="30%" height={14} />
        </div>
      </Card>
      {[t('security.password.title'), t('security.tfa.title')].map((title) => (
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
  const t = useT();

  return (
    <AccountScreen
      title={t('account.security')}
      description={t('security.description')}
      loadError={t('security.loadError')}
      skeleton={<SecuritySkeleton />}
    >
      {(user) => (
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
            <ApiKeysCard user={user} />
          </div>
        </div>
      )}
    </AccountScreen>
  );
}
