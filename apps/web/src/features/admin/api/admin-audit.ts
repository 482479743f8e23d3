import { ZAuditEntry } from '@td/contracts/admin';
import { ADMIN_AUDIT_KEY, useAdminPage } from './admin-query';

/** GET /admin/audit?action=&page= → every administrator action, newest first. */
export const useAuditLog = (action: string, page: number) =>
  useAdminPage(ADMIN_AUDIT_KEY, ZAuditEntry, { action }, page);
