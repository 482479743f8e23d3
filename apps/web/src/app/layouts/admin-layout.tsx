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
import { PATHS } from '../../lib/paths';
import { useAppName } from '../../lib/settings';
import styles from './admin-layout.module.css';

/** Each section: its tab, and the page title (h1) of its screens. */
const SECTIONS = [
  { to: PATHS.admin.users, label: 'Users', title: 'Users' },
  { to: PATHS.admin.tickets, label: 'Tickets', title: 'Support tickets' },
  { to: PATHS.admin.orders, label: 'Orders', title: 'Orders' },
  { to: PATHS.admin.withdrawals, label: 'Withdrawals', title: 'Withdrawals' },
  { to: PATHS.admin.kyc, label: 'KYC', title: 'Identity checks' },
  { to: PATHS.admin.pairs, label: 'Pairs', title: 'Pairs' },
  { to: PATHS.admin.settings, label: 'Settings', title: 'Settings' },
  { to: PATHS.admin.audit, label: 'Audit log', title: 'Audit log' },
] as const;

/**
 * The back-office frame: its own bar and section tabs. Only administrators see the sections; the
 * server refuses everyone else anyway (403), this only spares them a screen of errors.
 */
export function AdminLayout() {
  const { data: user, isPending } = useSessionProfile();
  const appName = useAppName();
  const { pathname } = useLocation();
  const section = SECTIONS.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <Link to={PATHS.admin.users} className={styles.brand} aria-label="Back-office home">
          <Logo size={26} name={appName} />
          <span className={styles.badge}>Admin</span>
        </Link>
        <nav className={styles.sections} aria-label="Back-office">
          {SECTIONS.map((section) => (
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
            aria-label="Back to the dashboard"
          >
            <span className={styles.toolLabel}>Dashboard</span>
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
              title="Administrators only."
              description="Your account has no access to the back-office."
              action={<ButtonLink to={PATHS.home}>Back to the dashboard</ButtonLink>}
            />
          </Card>
        )}
      </main>
    </div>
  );
}
