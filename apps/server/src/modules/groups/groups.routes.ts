import { pageOf, successEnvelope, ZPageQuery } from '@td/contracts/envelope';
import {
  ZClientGroup,
  ZClientGroupCreateRequest,
  ZClientGroupUpdateRequest,
  ZUserGroup,
  ZUserGroupRequest,
  ZWriteOff,
} from '@td/contracts/groups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { adminAnswer, adminRoute, ZIdParams } from '../../platform/http/route-options';
import { userOf } from '../auth/authenticate';
import type { GroupsService } from './groups.service';

/**
 * Client groups in the back-office (administrators only, every change audited), a user moved to
 * another group, and the write-offs of negative-balance protection.
 */
export function groupsRoutes(deps: { groups: GroupsService }): FastifyPluginAsyncZod {
  const { groups } = deps;
  return async (app) => {
    app.get(
      '/admin/groups',
      adminAnswer('groups', { data: z.array(ZClientGroup) }, 'Groups fetched', () => groups.list()),
    );
    app.post(
      '/admin/groups',
      adminAnswer(
        'groups',
        { body: ZClientGroupCreateRequest, data: ZClientGroup },
        'Group created',
        (request) => groups.create(userOf(request), request.body),
      ),
    );
    app.put(
      '/admin/groups/:id',
      adminAnswer(
        'groups',
        { params: ZIdParams, body: ZClientGroupUpdateRequest, data: ZClientGroup },
        'Group updated',
        (request) => groups.update(userOf(request), request.params.id, request.body),
      ),
    );
    app.put(
      '/admin/users/:id/group',
      adminAnswer(
        'groups',
        {
          params: ZIdParams,
          body: ZUserGroupRequest,
          data: z.object({ userId: z.string(), group: ZUserGroup }),
        },
        'User updated successfully',
        (request) => groups.setUserGroup(userOf(request), request.params.id, request.body.groupId),
      ),
    );
    app.get(
      '/admin/write-offs',
      adminRoute('risk', { querystring: ZPageQuery, response: { 200: successEnvelope(pageOf(ZWriteOff)) } }),
      async (request) => {
        const { page, limit } = request.query;
        return ok('Write-offs fetched', { ...(await groups.writeOffs(page, limit)), page, limit });
      },
    );
  };
}
