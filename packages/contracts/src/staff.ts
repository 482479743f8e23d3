import type { TRole } from './statuses';

/**
 * What a member of staff may do in the back-office: each `/admin` route declares one permission
 * (`config: { access: 'admin', permission }`), and a role holds a set of them. This table is the
 * only place that says who may do what; the server checks it on every `/admin` route and the
 * back-office shows each role only the screens its permissions open.
 */
export const STAFF_PERMISSIONS = [
  /** Read users, their accounts, orders and history. */
  'users.read',
  /** Suspend, reactivate and delete users. */
  'users.write',
  /** Change a member of staff's role (administrators only). */
  'roles',
  'tickets',
  'kyc',
  'withdrawals',
  'audit',
  'pairs',
  /** Client groups and their terms, and which group each user is in. */
  'groups',
  'risk',
  'orders',
  'balance',
  'reports',
  'wallet',
  'settings',
  'announcements',
] as const;
export type TStaffPermission = (typeof STAFF_PERMISSIONS)[number];

export type TStaffRole = Exclude<TRole, 'user'>;

export const ROLE_PERMISSIONS: Record<TStaffRole, readonly TStaffPermission[]> = {
  support: ['tickets', 'users.read', 'announcements'],
  compliance: ['kyc', 'withdrawals', 'users.read', 'audit'],
  dealer: ['pairs', 'groups', 'risk', 'orders', 'users.read', 'announcements'],
  accountant: ['balance', 'reports', 'wallet', 'users.read'],
  admin: STAFF_PERMISSIONS,
};

export const isStaffRole = (role: TRole): role is TStaffRole => role !== 'user';

/** Whether `role` holds `permission` (a trader holds none). */
export const mayDo = (role: TRole, permission: TStaffPermission): boolean =>
  isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
