import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZAuditEntry } from '@td/contracts/admin';
import { pageOf } from '@td/contracts/envelope';
import { api } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE } from './admin-users';

/** GET /admin/audit?action=&page= → every administrator action, newest first. */
export const useAuditLog = (action: string, page: number) =>
  useQuery({
    queryKey: ['admin', 'audit', { action, page }],
    queryFn: async () =>
      (
        await api.get('/admin/audit', {
          params: { ...(action ? { action } : {}), page, limit: ADMIN_PAGE_SIZE },
          schema: pageOf(ZAuditEntry),
          silent: true,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
