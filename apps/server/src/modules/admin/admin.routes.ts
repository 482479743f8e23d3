import {
  ZAdminOrder,
  ZAdminOrdersQuery,
  ZAdminOrderUpdateRequest,
  ZAdminPair,
  ZAdminPairUpdateRequest,
  ZAdminTicketStatusRequest,
  ZAdminTicketsQuery,
  ZAdminUser,
  ZAdminUserDetail,
  ZAdminUserRoleRequest,
  ZAdminUserStatusRequest,
  ZAdminUsersQuery,
  ZAuditEntry,
  ZAuditQuery,
} from '@td/contracts/admin';
import { pageOf, successEnvelope } from '@td/contracts/envelope';
import { ZSettingGroup } from '@td/contracts/settings';
import { ZTicket, ZTicketMessageRequest, ZTicketSummary } from '@td/contracts/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { type Authenticator, authOf } from '../auth/authenticate';
import type { TicketsService } from '../tickets/tickets.service';
import type { AdminService } from './admin.service';

const ZId = z.object({ id: z.uuid() });
const ZSettingsData = z.record(z.string(), z.unknown());

/**
 * The back-office API under /admin: every route is for administrators only (403 for anyone else,
 * checked before the input is read), and every change lands in the audit log.
 */
export function adminRoutes(deps: {
  admin: AdminService;
  tickets: TicketsService;
  authenticate: Authenticator;
}): FastifyPluginAsyncZod {
  const { admin } = deps;
  return async (app) => {
    // The role check runs for every route of this plugin, before validation.
    app.addHook('onRequest', deps.authenticate.admin());
    const actor = (request: Parameters<typeof authOf>[0]) => authOf(request).user;

    app.get(
      '/admin/users',
      { schema: { querystring: ZAdminUsersQuery, response: { 200: successEnvelope(pageOf(ZAdminUser)) } } },
      async (request) => ok('All users fetched successfully', await admin.users(request.query)),
    );
    app.get(
      '/admin/users/:id',
      { schema: { params: ZId, response: { 200: successEnvelope(ZAdminUserDetail) } } },
      async (request) => ok('User fetched', await admin.user(request.params.id)),
    );
    app.put(
      '/admin/users/:id/status',
      {
        schema: {
          params: ZId,
          body: ZAdminUserStatusRequest,
          response: { 200: successEnvelope(ZAdminUser) },
        },
      },
      async (request) =>
        ok(
          'User updated successfully',
          await admin.setStatus(actor(request), request.params.id, request.body.status),
        ),
    );
    app.put(
      '/admin/users/:id/role',
      {
        schema: { params: ZId, body: ZAdminUserRoleRequest, response: { 200: successEnvelope(ZAdminUser) } },
      },
      async (request) =>
        ok(
          'User updated successfully',
          await admin.setRole(actor(request), request.params.id, request.body.role),
        ),
    );
    app.delete(
      '/admin/users/:id',
      { schema: { params: ZId, response: { 200: successEnvelope(z.null()) } } },
      async (request) => {
        await admin.deleteUser(actor(request), request.params.id);
        return ok('User deleted successfully', null);
      },
    );

    app.get(
      '/admin/tickets',
      {
        schema: {
          querystring: ZAdminTicketsQuery,
          response: { 200: successEnvelope(pageOf(ZTicketSummary.extend({ userEmail: z.string() }))) },
        },
      },
      async (request) => ok('Tickets fetched successfully', await deps.tickets.queue(request.query)),
    );
    app.get(
      '/admin/tickets/:id',
      { schema: { params: ZId, response: { 200: successEnvelope(ZTicket) } } },
      async (request) =>
        ok('Ticket fetched successfully', (await deps.tickets.getAny(request.params.id)).ticket),
    );
    app.post(
      '/admin/tickets/:id/messages',
      { schema: { params: ZId, body: ZTicketMessageRequest, response: { 200: successEnvelope(ZTicket) } } },
      async (request) =>
        ok('Reply sent', await admin.replyToTicket(actor(request), request.params.id, request.body)),
    );
    app.put(
      '/admin/tickets/:id/status',
      {
        schema: { params: ZId, body: ZAdminTicketStatusRequest, response: { 200: successEnvelope(ZTicket) } },
      },
      async (request) =>
        ok(
          'Ticket updated successfully',
          await admin.setTicketStatus(actor(request), request.params.id, request.body.status),
        ),
    );

    app.get(
      '/admin/orders',
      { schema: { querystring: ZAdminOrdersQuery, response: { 200: successEnvelope(pageOf(ZAdminOrder)) } } },
      async (request) => ok('Orders fetched successfully', await admin.orders(request.query)),
    );
    app.get(
      '/admin/orders/:id',
      { schema: { params: ZId, response: { 200: successEnvelope(ZAdminOrder) } } },
      async (request) => ok('Order fetched successfully', await admin.order(request.params.id)),
    );
    app.put(
      '/admin/orders/:id',
      {
        schema: {
          params: ZId,
          body: ZAdminOrderUpdateRequest,
          response: { 200: successEnvelope(ZAdminOrder) },
        },
      },
      async (request) =>
        ok(
          'Order updated successfully',
          await admin.updateOrder(actor(request), request.params.id, request.body),
        ),
    );

    app.get(
      '/admin/pairs',
      { schema: { response: { 200: successEnvelope(z.array(ZAdminPair)) } } },
      async () => ok('Pairs fetched successfully', await admin.pairs()),
    );
    app.put(
      '/admin/pairs/:symbol',
      {
        schema: {
          params: z.object({ symbol: z.string().trim().min(3).max(30) }),
          body: ZAdminPairUpdateRequest,
          response: { 200: successEnvelope(ZAdminPair) },
        },
      },
      async (request) =>
        ok(
          'Pair updated successfully',
          await admin.updatePair(actor(request), request.params.symbol, request.body),
        ),
    );

    app.get(
      '/admin/settings',
      { schema: { response: { 200: successEnvelope(z.record(z.string(), ZSettingsData)) } } },
      async () => ok('Settings fetched successfully', await admin.settings()),
    );
    app.put(
      '/admin/settings/:name',
      {
        schema: {
          params: z.object({ name: ZSettingGroup }),
          body: z.record(z.string(), z.unknown()),
          response: { 200: successEnvelope(ZSettingsData) },
        },
      },
      async (request) =>
        ok(
          'Settings updated successfully',
          await admin.updateSettings(actor(request), request.params.name, request.body),
        ),
    );

    app.get(
      '/admin/audit',
      { schema: { querystring: ZAuditQuery, response: { 200: successEnvelope(pageOf(ZAuditEntry)) } } },
      async (request) => ok('Audit log fetched successfully', await admin.audit(request.query)),
    );
  };
}
