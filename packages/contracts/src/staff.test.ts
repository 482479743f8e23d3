import { describe, expect, it } from 'vitest';
import { isStaffRole, mayDo, ROLE_PERMISSIONS, STAFF_PERMISSIONS, type TStaffRole } from './staff';
import { ROLES } from './statuses';

const STAFF = ROLES.filter((role): role is TStaffRole => role !== 'user');
const holders = (permission: (typeof STAFF_PERMISSIONS)[number]) =>
  STAFF.filter((role) => mayDo(role, permission));

describe('the staff permission table', () => {
  it('gives every staff role a row, and a trader nothing', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...STAFF].sort());
    expect(isStaffRole('user')).toBe(false);
    for (const permission of STAFF_PERMISSIONS) expect(mayDo('user', permission)).toBe(false);
  });

  it('names only known permissions, each once per role', () => {
    for (const role of STAFF) {
      const held = ROLE_PERMISSIONS[role];
      expect(held.every((permission) => STAFF_PERMISSIONS.includes(permission))).toBe(true);
      expect(new Set(held).size).toBe(held.length);
    }
  });

  it('lets an administrator do everything, and only an administrator change roles', () => {
    for (const permission of STAFF_PERMISSIONS) expect(mayDo('admin', permission)).toBe(true);
    expect(holders('roles')).toEqual(['admin']);
  });

  it('splits the desk: support, compliance, dealing and accounts each do their own work', () => {
    expect(holders('tickets')).toEqual(['support', 'admin']);
    expect(holders('kyc')).toEqual(['compliance', 'admin']);
    expect(holders('withdrawals')).toEqual(['compliance', 'admin']);
    expect(holders('audit')).toEqual(['compliance', 'admin']);
    for (const permission of ['pairs', 'groups', 'risk', 'orders'] as const) {
      expect(holders(permission)).toEqual(['dealer', 'admin']);
    }
    for (const permission of ['balance', 'reports', 'wallet'] as const) {
      expect(holders(permission)).toEqual(['accountant', 'admin']);
    }
    // Every member of staff reads users; changing them, the settings and roles stay the administrators'.
    expect(holders('users.read')).toEqual(STAFF);
    expect(holders('users.write')).toEqual(['admin']);
    expect(holders('settings')).toEqual(['admin']);
  });

  it('leaves to administrators alone only roles, changing users and the settings', () => {
    const adminsOnly = STAFF_PERMISSIONS.filter((permission) => holders(permission).length === 1);
    expect(adminsOnly.sort()).toEqual(['roles', 'settings', 'users.write']);
  });
});
