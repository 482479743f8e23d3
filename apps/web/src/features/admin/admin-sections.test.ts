import { ROLE_PERMISSIONS } from '@td/contracts/staff';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../lib/paths';
import { ADMIN_SECTIONS, sectionOf, sectionsFor } from './admin-sections';

describe('the back-office sections', () => {
  it('shows each role the sections its permissions open, a trader none', () => {
    expect(sectionsFor('user')).toEqual([]);
    expect(sectionsFor('admin')).toEqual(ADMIN_SECTIONS);
    expect(sectionsFor('dealer').map((section) => section.to)).toEqual([
      PATHS.admin.users,
      PATHS.admin.orders,
      PATHS.admin.risk,
      PATHS.admin.pairs,
      PATHS.admin.groups,
      PATHS.admin.announcements,
    ]);
    expect(sectionsFor('support').map((section) => section.to)).toEqual([
      PATHS.admin.users,
      PATHS.admin.tickets,
      PATHS.admin.announcements,
    ]);
    expect(sectionsFor('accountant').map((section) => section.to)).toEqual([
      PATHS.admin.users,
      PATHS.admin.balanceOperations,
      PATHS.admin.reports,
    ]);
    for (const [role, held] of Object.entries(ROLE_PERMISSIONS)) {
      for (const section of sectionsFor(role as keyof typeof ROLE_PERMISSIONS)) {
        expect(held).toContain(section.permission);
      }
    }
  });

  it('finds the section of a screen below it, and none for the root', () => {
    expect(sectionOf(PATHS.admin.user('42'))?.to).toBe(PATHS.admin.users);
    expect(sectionOf(PATHS.admin.kycSubmission('7'))?.permission).toBe('kyc');
    expect(sectionOf(PATHS.admin.root)).toBeUndefined();
    expect(sectionOf('/admin/usersx')).toBeUndefined();
  });
});
