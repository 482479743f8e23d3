import { ZAuditEntry } from '@td/contracts/admin';
import { ADMIN_AUDIT_KEY, useAdminPage } from './admin-query';

/** GET /admin/audit?action=&page= → every administrator action, newest first. */
export const useAuditLog = (action: string, page: number) =>
  useAdminPage({
    queryKey: ADMIN_AUDIT_KEY,
    url: '/admin/audit',
    item: ZAuditEntry,
    filters: { action },
    page,
  });
