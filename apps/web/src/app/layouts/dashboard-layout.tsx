import { Link, Outlet } from 'react-router';
import { DropdownMenu } from '../../components/dropdown-menu';
import {
  IconCandles,
  IconChevronDown,
  IconDashboard,
  IconHistory,
  IconLineChart,
  IconLogOut,
  IconPieChart,
  IconUser,
  IconUsers,
} from '../../components/icons';
import { Logo } from '../../components/logo';
import { NavTabs, type TNavTab } from '../../components/nav-tabs';
import { ThemeToggle } from '../../components/theme-toggle';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useIsMobile } from '../../lib/use-is-mobile';
import styles from './dashboard-layout.module.css';

// The six tabs of the product, in its order (product spec §2).
const TABS: readonly TNavTab[] = [
  { to: '/dashboard/home', label: 'Dashboard', icon: <IconDashboard /> },
  { to: '/dashboard/trade', label: 'Trade', icon: <IconCandles /> },
  { to: '/dashboard/portfolio', label: 'Portfolio', icon: <IconPieChart /> },
  { to: '/dashboard/market', label: 'Market', icon: <IconLineChart /> },
  { to: '/dashboard/history', label: 'History', icon: <IconHistory /> },
  { to: '/dashboard/referral', label: 'Referral', icon: <IconUsers /> },
];

/** The signed-in frame: top bar (brand, tabs, theme, account), the screen, and on phones a bottom tab bar. */
export function DashboardLayout() {
  const isMobile = useIsMobile();
  const logout = useLogout();

  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <header className={styles.topbar}>
        <div className={styles.topbarInner}>
          <Link to="/dashboard/home" className={styles.brand} aria-label="Trading Desk home">
            <Logo size={isMobile ? 26 : 28} />
          </Link>
          {isMobile ? null : <NavTabs tabs={TABS} placement="top" label="Main" />}
          <div className={styles.tools}>
            <ThemeToggle />
            <DropdownMenu
              label="Account"
              triggerClassName={styles.accountTrigger}
              trigger={
                <>
                  <span className={styles.avatar}>
                    <IconUser size={16} />
                  </span>
                  {isMobile ? null : <span className={styles.accountLabel}>Account</span>}
                  <IconChevronDown size={14} />
                </>
              }
              items={[{ label: 'Log out', icon: <IconLogOut size={16} />, onSelect: logout, tone: 'danger' }]}
            />
          </div>
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <div className={styles.content}>
          <Outlet />
        </div>
      </main>
      {isMobile ? <NavTabs tabs={TABS} placement="bottom" label="Main" /> : null}
    </div>
  );
}
