import { isStaffRole } from '@td/contracts/staff';
import { type ComponentProps, useRef } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { IconLock } from '../../components/app-icons';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { IconArrowLeft, IconShieldCheck } from '../../components/icons';
import { Logo } from '../../components/logo';
import { PageHeader } from '../../components/page-header';
import { Skeleton } from '../../components/skeleton';
import { ThemeToggle } from '../../components/theme-toggle';
import { roleText, sectionOf, sectionsFor } from '../../features/admin/admin-sections';
import { DemonstrationBanner } from '../../features/admin/components/demonstration-banner';
import { usePasskeys } from '../../features/profile/api/passkeys';
import { useSessionProfile } from '../../features/profile/hooks/use-session-profile';
import { useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useScrollCue } from '../../lib/scroll-cue';
import { useAppName } from '../../lib/settings';
import styles from './admin-layout.module.css';

/**
 * Whether the signed-in member of staff has a second factor (TOTP on, or a passkey): the server
 * refuses every back-office route without one. Undefined while the passkeys load.
 */
function useHasSecondFactor(tfaEnabled: boolean | undefined, isStaff: boolean) {
  const passkeys = usePasskeys();
  if (!isStaff || tfaEnabled) return true;
  if (passkeys.isError) return true; // The server still says why, on the first screen it refuses.
  return passkeys.data ? passkeys.data.length > 0 : undefined;
}

/**
 * The back-office frame: its own bar and the tabs of the sections the caller's role opens
 * (`ADMIN_SECTIONS`). A screen outside the role, a trader, and staff without a second factor each
 * read why instead of the screen; the server refuses them anyway (403), this spares them errors.
 */
export function AdminLayout() {
  const { data: user, isPending } = useSessionProfile();
  const appName = useAppName();
  const { pathname } = useLocation();
  const t = useT();
  const role = user?.role ?? 'user';
  const isStaff = isStaffRole(role);
  const hasSecondFactor = useHasSecondFactor(user?.tfaEnabled, isStaff);
  const tabs = hasSecondFactor ? sectionsFor(role) : [];
  const section = sectionOf(pathname);
  const isOpen = section ? tabs.includes(section) : true;
  const home = tabs[0]?.to ?? PATHS.admin.root;
  const strip = useRef<HTMLElement>(null);
  useScrollCue(strip, `${pathname} ${tabs.length}`);

  /** Why the caller does not see the section, as the empty state that says so; null when they do. */
  const refusal = (): ComponentProps<typeof EmptyState> | null => {
    if (!isStaff) {
      return {
        icon: <IconShieldCheck size={24} />,
        title: t('admin.frame.staffOnly'),
        description: t('admin.frame.noAccess'),
        action: <ButtonLink to={PATHS.home}>{t('admin.frame.backToDashboard')}</ButtonLink>,
      };
    }
    if (!hasSecondFactor) {
      return {
        icon: <IconLock size={24} />,
        title: t('admin.frame.secondFactorTitle'),
        description: t('admin.frame.secondFactorText'),
        action: <ButtonLink to={PATHS.security}>{t('admin.frame.openSecurity')}</ButtonLink>,
      };
    }
    if (isOpen) return null;
    const first = tabs[0];
    return {
      icon: <IconLock size={24} />,
      title: t('admin.frame.notForRole'),
      description: t('admin.frame.notForRoleText', { role: roleText(t, role) }),
      action: first ? (
        <ButtonLink to={first.to}>{t('admin.frame.goTo', { section: t(first.label) })}</ButtonLink>
      ) : null,
    };
  };

  const content = () => {
    if (isPending || hasSecondFactor === undefined) return <Skeleton shape="block" height={240} />;
    const refused = refusal();
    if (refused) {
      return (
        <Card>
          <EmptyState {...refused} />
        </Card>
      );
    }
    return (
      <>
        <DemonstrationBanner />
        {section ? <PageHeader title={t(section.title)} /> : null}
        <Outlet context={{ home } satisfies TAdminOutlet} />
      </>
    );
  };

  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <Link to={home} className={styles.brand} aria-label={t('admin.frame.home')}>
          <Logo size={26} name={appName} />
          <span className={styles.badge}>{isStaff ? roleText(t, role) : t('admin.frame.badge')}</span>
        </Link>
        <nav ref={strip} className={styles.sections} aria-label={t('account.backOffice')}>
          {tabs.map((tab) => (
            <NavLink
              key={tab.to}
              to={tab.to}
              className={({ isActive }) => [styles.section, isActive ? styles.active : ''].join(' ')}
            >
              {t(tab.label)}
            </NavLink>
          ))}
        </nav>
        <div className={styles.tools}>
          <ThemeToggle />
          <ButtonLink
            to={PATHS.home}
            variant="ghost"
            size="sm"
            icon={<IconArrowLeft size={14} />}
            aria-label={t('admin.frame.backToDashboard')}
          >
            <span className={styles.toolLabel}>{t('nav.dashboard')}</span>
          </ButtonLink>
        </div>
      </header>
      <main className={styles.main}>{content()}</main>
    </div>
  );
}

interface TAdminOutlet {
  /** The first screen the caller's role opens. */
  home: string;
}

/** /admin itself: the first screen the caller's role opens. */
export function AdminHome() {
  const { home } = useOutletContext<TAdminOutlet>();
  return home === PATHS.admin.root ? null : <Navigate to={home} replace />;
}
