import type { TUser } from '@td/contracts/profile';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconCheck } from '../../../components/app-icons';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';
import { IconShieldCheck } from '../../../components/icons';
import { LanguageSwitch } from '../../../components/language-switch';
import { Skeleton } from '../../../components/skeleton';
import { OneClickToggle } from '../../../domain/financing/components/one-click-toggle';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useUpdateProfile } from '../api/update-profile';
import { AccountScreen } from './account-screen';
import { AvatarUploader } from './avatar-uploader';
import { PersonalDetailsForm } from './personal-details-form';
import styles from './profile-screen.module.css';

/** The link a friend opens to sign up with the user's code. */
function inviteLinkOf(code: string): string {
  return `${window.location.origin}/authentication/signup?ref=${encodeURIComponent(code)}`;
}

/** One line of the identity card's facts: what it is, and where the account stands. */
function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

function IdentityCard({ user }: { user: TUser }) {
  const t = useT();
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Card className={styles.identity}>
      <div className={styles.identityTop}>
        <AvatarUploader avatarUrl={user.avatarUrl} name={fullName || user.email} />
      </div>
      <div className={styles.identityName}>
        <h2 className={styles.name}>{fullName}</h2>
        <p className={styles.email}>{user.email}</p>
      </div>
      <dl className={styles.facts}>
        <Fact label={t('field.email')}>
          {user.emailVerified ? (
            <Badge tone="positive" icon={<IconCheck size={12} />}>
              {t('profile.verified')}
            </Badge>
          ) : (
            <Badge tone="warning">{t('profile.notVerified')}</Badge>
          )}
        </Fact>
        <Fact label={t('profile.twoFactor.label')}>
          {user.tfaEnabled ? (
            <Badge tone="positive" icon={<IconShieldCheck size={12} />}>
              {t('profile.twoFactor.on')}
            </Badge>
          ) : (
            <Link to={PATHS.security} className={styles.factLink}>
              {t('profile.twoFactor.turnOn')}
            </Link>
          )}
        </Fact>
        <Fact label={t('profile.memberSince')} className="tabular">
          {formatDate(user.createdAt)}
        </Fact>
      </dl>
      <div className={styles.referral}>
        <div className={styles.referralText}>
          <span className={styles.referralLabel}>{t('profile.referralCode.label')}</span>
          <span className={styles.referralCode}>{user.referralCode}</span>
        </div>
        <div className={styles.referralActions}>
          <CopyButton text={user.referralCode} label={t('profile.referralCode.copy')} isIconOnly />
          <CopyButton text={inviteLinkOf(user.referralCode)} label={t('profile.referralCode.copyLink')} />
        </div>
      </div>
    </Card>
  );
}

function ProfileSkeleton() {
  const t = useT();
  return (
    <div className={styles.layout} aria-busy="true">
      <Card className={styles.identity}>
        <div className={styles.identityTop}>
          <Skeleton shape="circle" width={96} height={96} />
          <div className={styles.skeletonLines}>
            <Skeleton width={110} height={28} shape="block" />
            <Skeleton width={150} height={10} />
          </div>
        </div>
        <div className={styles.identityName}>
          <Skeleton width="60%" height={18} />
          <Skeleton width="80%" height={12} />
        </div>
        <div className={styles.skeletonLines}>
          <Skeleton width="100%" height={12} />
          <Skeleton width="100%" height={12} />
          <Skeleton width="100%" height={12} />
        </div>
      </Card>
      <Card title={t('profile.details.title')}>
        <div className={styles.skeletonForm}>
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <div key={index} className={styles.skeletonLines}>
              <Skeleton width={90} height={10} />
              <Skeleton width="100%" height={44} shape="block" />
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}

export function ProfileScreen() {
  const t = useT();
  const saveLanguage = useUpdateProfile();

  return (
    <AccountScreen
      title={t('account.profile')}
      description={t('profile.description')}
      actions={<LanguageSwitch onPick={(language) => saveLanguage.mutate({ language })} />}
      loadError={t('profile.loadError')}
      skeleton={<ProfileSkeleton />}
    >
      {(user) => (
        <div className={styles.layout}>
          <IdentityCard user={user} />
          <Card title={t('profile.details.title')}>
            <PersonalDetailsForm user={user} />
          </Card>
          <Card title={t('financing.profile.trading')} data-testid="trading-preferences">
            <OneClickToggle />
          </Card>
        </div>
      )}
    </AccountScreen>
  );
}
