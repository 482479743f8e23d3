import { useQuery } from '@tanstack/react-query';
import { isStaffRole } from '@td/contracts/staff';
import type { ReactNode } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import {
  IconBell,
  IconCandles,
  IconChevronDown,
  IconDashboard,
  IconHistory,
  IconLifeBuoy,
  IconLineChart,
  IconLogOut,
  IconMore,
  IconPieChart,
  IconSettings,
  IconUser,
  IconUsers,
} from '../../components/app-icons';
import { Avatar } from '../../components/avatar';
import { Callout } from '../../components/callout';
import { DropdownMenu } from '../../components/dropdown-menu';
import { HoldUntilKnown } from '../../components/hold-until-known';
import iconButtonStyles from '../../components/icon-button.module.css';
import { IconCheckCircle, IconShieldCheck, IconWallet } from '../../components/icons';
import { Logo } from '../../components/logo';
import { NavTabs, type TNavTab } from '../../components/nav-tabs';
import { Skeleton } from '../../components/skeleton';
import { ThemeToggle } from '../../components/theme-toggle';
import { useAccountLanguage } from '../../domain/identity/account-language';
import { useAnnouncements } from '../../features/announcements/api/announcements';
import { AnnouncementBanner } from '../../features/announcements/components/announcement-banner';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useSessionProfile } from '../../features/profile/hooks/use-session-profile';
import { type TMessageKey, t, useLanguage } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { settingsQueryOptions, useAppName, useSettings } from '../../lib/settings';
import { useHasToken } from '../../lib/use-has-token';
import { useIsMobile } from '../../lib/use-is-mobile';
import styles from './dashboard-layout.module.css';

// The product's tabs, in its order. Support closes the row on wide screens; a phone's bottom bar
// keeps the first four and "More" for the rest, and Support is an icon in its top bar.
const TABS = [
  { to: PATHS.home, key: 'nav.dashboard', icon: <IconDashboard /> },
  { to: PATHS.trade, key: 'nav.trade', icon: <IconCandles /> },
  { to: PATHS.portfolio, key: 'nav.portfolio', icon: <IconPieChart /> },
  { to: PATHS.market, key: 'nav.market', icon: <IconLineChart /> },
  { to: PATHS.history, key: 'nav.history', icon: <IconHistory /> },
  { to: PATHS.referral, key: 'nav.referral', icon: <IconUsers /> },
  { to: PATHS.wallet, key: 'nav.wallet', icon: <IconWallet /> },
] as const satisfies ReadonlyArray<{ to: string; key: TMessageKey; icon: ReactNode }>;
const SUPPORT_TAB = { to: PATHS.support, key: 'nav.support', icon: <IconLifeBuoy /> } as const;
/** How many of the tabs a phone's bottom bar shows before "More" (five tabs in all). */
const BOTTOM_TABS = 4;

/** The tabs in the language shown. */
const tabsIn = (tabs: ReadonlyArray<{ to: string; key: TMessageKey; icon: ReactNode }>): TNavTab[] =>
  tabs.map(({ to, key, icon }) => ({ to, label: t(key), icon }));

const AVATAR_SIZE_PX = 26;

/** The account menu's pages, in its order; staff also get the back office, before Log out. */
type TMenuLink = { to: string; key: TMessageKey; Icon: typeof IconUser };
const ACCOUNT_LINKS: readonly TMenuLink[] = [
  { to: PATHS.profile, key: 'account.profile', Icon: IconUser },
  { to: PATHS.security, key: 'account.security', Icon: IconShieldCheck },
  { to: PATHS.verification, key: 'account.verification', Icon: IconCheckCircle },
  { to: PATHS.notifications, key: 'account.notifications', Icon: IconBell },
  { to: PATHS.support, key: 'nav.support', Icon: IconLifeBuoy },
];
const BACK_OFFICE_LINK: TMenuLink = { to: PATHS.admin.root, key: 'account.backOffice', Icon: IconSettings };

/**
 * The account menu: the user's picture and name (a same-sized skeleton while the profile loads, so
 * the bar does not shift), with Profile, Security and Log out.
 */
function AccountMenu({ isMobile }: { isMobile: boolean }) {
  const { data: user } = useSessionProfile();
  const logout = useLogout();
  const navigate = useNavigate();
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  useLanguage();
  const menuLinks = user && isStaffRole(user.role) ? [...ACCOUNT_LINKS, BACK_OFFICE_LINK] : ACCOUNT_LINKS;

  return (
    <DropdownMenu
      label={t('account.menu')}
      triggerClassName={styles.accountTrigger}
      trigger={
        <>
          {user ? (
            <Avatar src={user.avatarUrl} name={fullName || user.email} size={AVATAR_SIZE_PX} isDecorative />
          ) : (
            <Skeleton shape="circle" width={AVATAR_SIZE_PX} height={AVATAR_SIZE_PX} />
          )}
          {isMobile ? null : user ? (
            <span className={styles.accountLabel}>{user.firstName || t('account.menu')}</span>
          ) : (
            <Skeleton width={72} height={12} className={styles.accountSkeleton} />
          )}
          <IconChevronDown size={14} />
        </>
      }
      header={
        user ? (
          <div className={styles.menuUser}>
            <span className={styles.menuName}>{fullName}</span>
            <span className={styles.menuEmail}>{user.email}</span>
          </div>
        ) : undefined
      }
      items={[
        ...menuLinks.map(({ to, key, Icon }) => ({
          label: t(key),
          icon: <Icon size={16} />,
          onSelect: () => void navigate(to),
        })),
        { label: t('account.logout'), icon: <IconLogOut size={16} />, onSelect: logout, tone: 'danger' },
      ]}
    />
  );
}

/** The administrators' notice to every user (planned maintenance, an incident), while one is set. */
function MaintenanceNotice() {
  const { maintenanceNotice } = useSettings('general');
  if (!maintenanceNotice) return null;
  return (
    <Callout tone="warning" role="status" className={styles.notice}>
      {maintenanceNotice}
    </Callout>
  );
}

/** Whether the banners above the screen (the maintenance notice, an unread announcement) are known. */
function useAreBannersKnown() {
  const settings = useQuery(settingsQueryOptions('general'));
  const announcements = useAnnouncements();
  return !settings.isPending && !announcements.isPending;
}

/** The signed-in frame: top bar (brand, tabs, theme, account), the screen, and on phones a bottom tab bar. */
export function DashboardLayout() {
  const isMobile = useIsMobile();
  const appName = useAppName();
  useLanguage();
  useAccountLanguage();
  const areBannersKnown = useAreBannersKnown();
  // A screen is shown only while a session is stored: when it ends (refused, or logged out), the
  // screen goes before anything of it can ask again without one.
  const isSignedIn = useHasToken();

  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        {t('nav.skip')}
      </a>
      <header className={styles.topbar}>
        <div className={styles.topbarInner}>
          <Link to={PATHS.home} className={styles.brand} aria-label={t('nav.home', { app: appName })}>
            <Logo size={isMobile ? 26 : 28} name={appName} />
          </Link>
          {isMobile ? null : (
            <NavTabs tabs={tabsIn([...TABS, SUPPORT_TAB])} placement="top" label={t('nav.main')} />
          )}
          <div className={styles.tools}>
            {isMobile ? (
              <Link to={PATHS.support} className={iconButtonStyles.iconButton} aria-label={t('nav.support')}>
                <IconLifeBuoy size={18} />
              </Link>
            ) : null}
            <ThemeToggle />
            <NotificationBell />
            <AccountMenu isMobile={isMobile} />
          </div>
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <div className={styles.content}>
          <HoldUntilKnown isKnown={areBannersKnown}>
            <MaintenanceNotice />
            <AnnouncementBanner />
            {isSignedIn ? <Outlet /> : null}
          </HoldUntilKnown>
        </div>
      </main>
      {isMobile ? (
        <NavTabs
          tabs={tabsIn(TABS.slice(0, BOTTOM_TABS))}
          more={{ label: t('nav.more'), icon: <IconMore />, tabs: tabsIn(TABS.slice(BOTTOM_TABS)) }}
          placement="bottom"
          label={t('nav.main')}
        />
      ) : null}
    </div>
  );
}
