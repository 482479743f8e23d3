import {
  ZAdminOrder,
  ZAdminOrdersQuery,
  ZAdminOrderUpdateRequest,
  ZAdminPair,
  ZAdminPairParams,
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
import { ZSettingGroup, ZSettingsPatchBody } from '@td/contracts/settings';
import { ZTicket, ZTicketMessageRequest, ZTicketSummary } from '@td/contracts/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ok } from '../../platform/http/reply';
import { adminRoute } from '../../platform/http/route-options';
import { userOf } from '../auth/authenticate';
import type { PairsAdmin } from '../pairs/pairs-admin.service';
import type { UsersAdmin } from '../profile/users-admin.service';
import type { SettingsAdmin } from '../settings/settings-admin.service';
import type { TicketsAdmin } from '../tickets/tickets-admin.service';
import type { OrdersAdmin } from '../trading/orders-admin.service';
import type { AdminService } from './admin.service';

const ZId = z.object({ id: z.uuid() });
const ZSettingsData = z.record(z.string(), z.unknown());

/**
 * The back-office API under /admin: every route is for administrators only (`access: 'admin'`: 403
 * for anyone else, checked before the input is read), and every change lands in the audit log.
 */
export function adminRoutes(deps: {
  admin: AdminService;
  users: UsersAdmin;
  orders: OrdersAdmin;
  pairs: PairsAdmin;
  settings: SettingsAdmin;
  tickets: TicketsAdmin;
}): FastifyPluginAsyncZod {
  const { admin, users, orders, pairs, settings, tickets } = deps;
  return async (app) => {
    app.get(
      '/admin/users',
      adminRoute('users.read', {
        querystring: ZAdminUsersQuery,
        response: { 200: successEnvelope(pageOf(ZAdminUser)) },
      }),
      async (request) => ok('All users fetched successfully', await users.list(request.query)),
    );
    app.get(
      '/admin/users/:id',
      adminRoute('users.read', { params: ZId, response: { 200: successEnvelope(ZAdminUserDetail) } }),
      async (request) => ok('User fetched', await admin.user(request.params.id)),
    );
    app.put(
      '/admin/users/:id/status',
      adminRoute('users.write', {
        params: ZId,
        body: ZAdminUserStatusRequest,
        response: { 200: successEnvelope(ZAdminUser) },
      }),
      async (request) =>
        ok(
          'User updated successfully',
          await users.setStatus(userOf(request), request.params.id, request.body.status),
        ),
    );
    app.put(
      '/admin/users/:id/role',
      adminRoute('roles', {
        params: ZId,
        body: ZAdminUserRoleRequest,
        response: { 200: successEnvelope(ZAdminUser) },
      }),
      async (request) =>
        ok(
          'User updated successfully',
          await users.setRole(userOf(request), request.params.id, request.body.role),
        ),
    );
    app.delete(
      '/admin/users/:id',
      adminRoute('users.write', { params: ZId, response: { 200: successEnvelope(z.null()) } }),
      async (request) => {
        await users.remove(userOf(request), request.params.id);
        return ok('User deleted successfully', null);
      },
    );

    app.get(
      '/admin/tickets',
      adminRoute('tickets', {
        querystring: ZAdminTicketsQuery,
        response: { 200: successEnvelope(pageOf(z.extend(ZTicketSummary, { userEmail: z.string() }))) },
      }),
      async (request) => ok('Tickets fetched successfully', await tickets.queue(request.query)),
    );
    app.get(
      '/admin/tickets/:id',
      adminRoute('tickets', { params: ZId, response: { 200: successEnvelope(ZTicket) } }),
      async (request) => ok('Ticket fetched successfully', await tickets.get(request.params.id)),
    );
    app.post(
      '/admin/tickets/:id/messages',
      adminRoute('tickets', {
        params: ZId,
        body: ZTicketMessageRequest,
        response: { 200: successEnvelope(ZTicket) },
      }),
      async (request) =>
        ok('Reply sent', await tickets.reply(userOf(request), request.params.id, request.body)),
    );
    app.put(
      '/admin/tickets/:id/status',
      adminRoute('tickets', {
        params: ZId,
        body: ZAdminTicketStatusRequest,
        response: { 200: successEnvelope(ZTicket) },
      }),
      async (request) =>
        ok(
          'Ticket updated successfully',
          await tickets.setStatus(userOf(request), request.params.id, request.body.status),
        ),
    );

    app.get(
      '/admin/orders',
      adminRoute('orders', {
        querystring: ZAdminOrdersQuery,
        response: { 200: successEnvelope(pageOf(ZAdminOrder)) },
      }),
      async (request) => ok('Orders fetched successfully', await orders.list(request.query)),
    );
    app.get(
      '/admin/orders/:id',
      adminRoute('orders', { params: ZId, response: { 200: successEnvelope(ZAdminOrder) } }),
      async (request) => ok('Order fetched successfully', await orders.get(request.params.id)),
    );
    app.put(
      '/admin/orders/:id',
      adminRoute('orders', {
        params: ZId,
        body: ZAdminOrderUpdateRequest,
        response: { 200: successEnvelope(ZAdminOrder) },
      }),
      async (request) =>
        ok(
          'Order updated successfully',
          await orders.update(userOf(request), request.params.id, request.body),
        ),
    );

    app.get(
      '/admin/pairs',
      adminRoute('pairs', { response: { 200: successEnvelope(z.array(ZAdminPair)) } }),
      async () => ok('Pairs fetched successfully', await pairs.list()),
    );
    app.put(
      '/admin/pairs/:symbol',
      adminRoute('pairs', {
        params: ZAdminPairParams,
        body: ZAdminPairUpdateRequest,
        response: { 200: successEnvelope(ZAdminPair) },
      }),
      async (request) =>
        ok(
          'Pair updated successfully',
          await pairs.update(userOf(request), request.params.symbol, request.body),
        ),
    );

    app.get(
      '/admin/settings',
      adminRoute('settings', { response: { 200: successEnvelope(z.record(z.string(), ZSettingsData)) } }),
      async () => ok('Settings fetched successfully', await settings.all()),
    );
    app.put(
      '/admin/settings/:name',
      adminRoute('settings', {
        params: z.object({ name: ZSettingGroup }),
        body: ZSettingsPatchBody,
        response: { 200: successEnvelope(ZSettingsData) },
      }),
      async (request) =>
        ok(
          'Settings updated successfully',
          await settings.update(userOf(request), request.params.name, request.body),
        ),
    );

    app.get(
      '/admin/audit',
      adminRoute('audit', {
        querystring: ZAuditQuery,
        response: { 200: successEnvelope(pageOf(ZAuditEntry)) },
      }),
      async (request) => ok('Audit log fetched successfully', await admin.audit(request.query)),
    );
  };
}
