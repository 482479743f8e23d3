// The back office's calls for client groups (trading terms such as margin levels, spread markup and
// leverage): the list, creating and editing a group, moving a user into one, and the write-offs,
// the losses beyond a balance that the house took over.
import { useQuery } from '@tanstack/react-query';
import { pageOf } from '@td/contracts/envelope';
import {
  type TClientGroupCreateRequest,
  type TClientGroupUpdateRequest,
  ZClientGroup,
  ZWriteOff,
} from '@td/contracts/groups';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { useAuditedMutation } from './admin-query';
import { ADMIN_USERS_KEY } from './admin-users';

export const ADMIN_GROUPS_KEY = ['admin', 'groups'] as const;

/** GET /admin/groups → every client group, the default first. */
export const useAdminGroups = () =>
  useQuery({
    queryKey: ADMIN_GROUPS_KEY,
    queryFn: async () =>
      (await api.get('/admin/groups', { schema: z.array(ZClientGroup), silent: true })).data,
  });

/** POST /admin/groups → "Group created". */
export const useCreateGroup = () =>
  useAuditedMutation(ADMIN_GROUPS_KEY, (body: TClientGroupCreateRequest) =>
    api.post('/admin/groups', body, { schema: ZClientGroup }),
  );

/** PUT /admin/groups/{id} → "Group updated". */
export const useUpdateGroup = () =>
  useAuditedMutation(ADMIN_GROUPS_KEY, ({ id, ...body }: TClientGroupUpdateRequest & { id: string }) =>
    api.put(`/admin/groups/${encodeURIComponent(id)}`, body, { schema: ZClientGroup }),
  );

/** PUT /admin/users/{id}/group {groupId}: the user's page and the groups' counts refresh. */
export const useSetUserGroup = () =>
  useAuditedMutation(ADMIN_USERS_KEY, ({ id, groupId }: { id: string; groupId: string }) =>
    api.put(`/admin/users/${encodeURIComponent(id)}/group`, { groupId }),
  );

/** GET /admin/write-offs → the losses beyond a balance the house took over, newest first. */
export const useWriteOffs = (page: number) =>
  useQuery({
    queryKey: ['admin', 'write-offs', page],
    queryFn: async () =>
      (
        await api.get('/admin/write-offs', {
          params: { page, limit: 20 },
          schema: pageOf(ZWriteOff),
          silent: true,
        })
      ).data,
  });
