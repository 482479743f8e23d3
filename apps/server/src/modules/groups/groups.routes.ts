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
import { adminRoute } from '../../platform/http/route-options';
import { userOf } from '../auth/authenticate';
import type { GroupsService } from './groups.service';

const ZId = z.object({ id: z.uuid() });

/**
 * Client groups in the back-office (administrators only, every change audited), a user moved to
 * another group, and the write-offs of negative-balance protection.
 */
export function groupsRoutes(deps: { groups: GroupsService }): FastifyPluginAsyncZod {
  const { groups } = deps;
  return async (app) => {
    app.get(
      '/admin/groups',
      adminRoute('groups', { response: { 200: successEnvelope(z.array(ZClientGroup)) } }),
      async () => ok('Groups fetched', await groups.list()),
    );
    app.post(
      '/admin/groups',
      adminRoute('groups', {
        body: ZClientGroupCreateRequest,
        response: { 200: successEnvelope(ZClientGroup) },
      }),
      async (request) => ok('Group created', await groups.create(userOf(request), request.body)),
    );
    app.put(
      '/admin/groups/:id',
      adminRoute('groups', {
        params: ZId,
        body: ZClientGroupUpdateRequest,
        response: { 200: successEnvelope(ZClientGroup) },
      }),
      async (request) =>
        ok('Group updated', await groups.update(userOf(request), request.params.id, request.body)),
    );
    app.put(
      '/admin/users/:id/group',
      adminRoute('groups', {
        params: ZId,
        body: ZUserGroupRequest,
        response: { 200: successEnvelope(z.object({ userId: z.string(), group: ZUserGroup })) },
      }),
      async (request) =>
        ok(
          'User updated successfully',
          await groups.setUserGroup(userOf(request), request.params.id, request.body.groupId),
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
