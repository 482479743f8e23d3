// The back office's screens in tab order, each with its path, title and the staff permission that
// opens it: the back-office layout draws a role's tabs from it, lands it on the first, and refuses
// the rest. A new back-office screen is added here as well as in the router.
import { mayDo, type TStaffPermission } from '@td/contracts/staff';
import type { TRole } from '@td/contracts/statuses';
import type { TMessageKey, useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';

export interface TAdminSection {
  /** The section's path: its screens are this path and every path under it. */
  to: string;
  /** What the caller's role must hold to see it (the staff table, `@td/contracts/staff`). */
  permission: TStaffPermission;
  /** Its tab in the back-office bar, and the title (h1) of its screens. */
  label: TMessageKey;
  title: TMessageKey;
}

/**
 * The back-office's screens in the order of its tabs, each with the permission it needs: a role
 * sees the tabs its permissions open, lands on the first of them, and reads "not available to your
 * role" on any other. A new screen is one line here (and its route in the router).
 */
export const ADMIN_SECTIONS: readonly TAdminSection[] = [
  { to: PATHS.admin.users, permission: 'users.read', label: 'admin.nav.users', title: 'admin.title.users' },
  {
    to: PATHS.admin.tickets,
    permission: 'tickets',
    label: 'admin.nav.tickets',
    title: 'admin.title.tickets',
  },
  { to: PATHS.admin.orders, permission: 'orders', label: 'admin.nav.orders', title: 'admin.title.orders' },
  {
    to: PATHS.admin.withdrawals,
    permission: 'withdrawals',
    label: 'admin.nav.withdrawals',
    title: 'admin.title.withdrawals',
  },
  {
    to: PATHS.admin.balanceOperations,
    permission: 'balance',
    label: 'admin.nav.balanceOperations',
    title: 'admin.title.balanceOperations',
  },
  { to: PATHS.admin.kyc, permission: 'kyc', label: 'admin.nav.kyc', title: 'admin.title.kyc' },
  { to: PATHS.admin.risk, permission: 'risk', label: 'admin.nav.risk', title: 'admin.title.risk' },
  { to: PATHS.admin.pairs, permission: 'pairs', label: 'admin.nav.pairs', title: 'admin.title.pairs' },
  { to: PATHS.admin.groups, permission: 'groups', label: 'admin.nav.groups', title: 'admin.title.groups' },
  {
    to: PATHS.admin.reports,
    permission: 'reports',
    label: 'admin.nav.reports',
    title: 'admin.title.reports',
  },
  {
    to: PATHS.admin.announcements,
    permission: 'announcements',
    label: 'admin.nav.announcements',
    title: 'admin.title.announcements',
  },
  {
    to: PATHS.admin.settings,
    permission: 'settings',
    label: 'admin.nav.settings',
    title: 'admin.title.settings',
  },
  { to: PATHS.admin.audit, permission: 'audit', label: 'admin.nav.audit', title: 'admin.title.audit' },
];

/** The section a back-office path belongs to (undefined: the back-office's root, or no section). */
export const sectionOf = (pathname: string) =>
  ADMIN_SECTIONS.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));

/** The sections a role may open, in tab order (none for a trader). */
export const sectionsFor = (role: TRole) =>
  ADMIN_SECTIONS.filter((section) => mayDo(role, section.permission));

/** The name of a role, in the language shown. */
export const roleText = (t: ReturnType<typeof useT>, role: TRole) => t(`admin.roles.${role}`);
