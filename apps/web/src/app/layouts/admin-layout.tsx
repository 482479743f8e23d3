import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { IconArrowLeft, IconShieldCheck } from '../../components/icons';
import { Logo } from '../../components/logo';
import { PageHeader } from '../../components/page-header';
import { Skeleton } from '../../components/skeleton';
import { ThemeToggle } from '../../components/theme-toggle';
import { DemonstrationBanner } from '../../features/admin/components/demonstration-banner';
import { useSessionProfile } from '../../features/profile/hooks/use-session-profile';
import { useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useAppName } from '../../lib/settings';
import styles from './admin-layout.module.css';

/** Each section: its tab, and the page title (h1) of its screens. */
const sections = (t: ReturnType<typeof useT>) =>
  [
    { to: PATHS.admin.users, label: t('admin.nav.users'), title: t('admin.title.users') },
    { to: PATHS.admin.tickets, label: t('admin.nav.tickets'), title: t('admin.title.tickets') },
    { to: PATHS.admin.orders, label: t('admin.nav.orders'), title: t('admin.title.orders') },
    { to: PATHS.admin.withdrawals, label: t('admin.nav.withdrawals'), title: t('admin.title.withdrawals') },
    { to: PATHS.admin.kyc, label: t('admin.nav.kyc'), title: t('admin.title.kyc') },
    { to: PATHS.admin.pairs, label: t('admin.nav.pairs'), title: t('admin.title.pairs') },
    { to: PATHS.admin.settings, label: t('admin.nav.settings'), title: t('admin.title.settings') },
    { to: PATHS.admin.audit, label: t('admin.nav.audit'), title: t('admin.title.audit') },
  ] as const;

/**
 * The back-office frame: its own bar and section tabs. Only administrators see the sections; the
 * server refuses everyone else anyway (403), this only spares them a screen of errors.
 */
export function AdminLayout() {
  const { data: user, isPending } = useSessionProfile();
  const appName = useAppName();
  const { pathname } = useLocation();
  const t = useT();
  const tabs = sections(t);
  const section = tabs.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <Link to={PATHS.admin.users} className={styles.brand} aria-label={t('admin.frame.home')}>
          <Logo size={26} name={appName} />
          <span className={styles.badge}>{t('admin.frame.badge')}</span>
        </Link>
        <nav className={styles.sections} aria-label={t('account.backOffice')}>
          {tabs.map((section) => (
            <NavLink
              key={section.to}
              to={section.to}
              className={({ isActive }) => [styles.section, isActive ? styles.active : ''].join(' ')}
            >
              {section.label}
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
      <main className={styles.main}>
        {isPending ? (
          <Skeleton shape="block" height={240} />
        ) : user?.role === 'admin' ? (
          <>
            <DemonstrationBanner />
            {section ? <PageHeader title={section.title} /> : null}
            <Outlet />
          </>
        ) : (
          <Card>
            <EmptyState
              icon={<IconShieldCheck size={24} />}
              title={t('admin.frame.adminsOnly')}
              description={t('admin.frame.noAccess')}
              action={<ButtonLink to={PATHS.home}>{t('admin.frame.backToDashboard')}</ButtonLink>}
            />
          </Card>
        )}
      </main>
    </div>
  );
}
