// The back-office HTTP API under /admin: users, tickets, orders, pairs, settings and the audit log.
// Every route is for administrators only and each change goes through a service that audits it.
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
import { pageOf } from '@td/contracts/envelope';
import { ZSettingGroup, ZSettingsPatchBody } from '@td/contracts/settings';
import { ZTicket, ZTicketMessageRequest, ZTicketSummary } from '@td/contracts/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { adminAnswer, ZIdParams } from '../../platform/http/route-options';
import { userOf } from '../auth/authenticate';
import type { PairsAdmin } from '../pairs/pairs-admin.service';
import type { UsersAdmin } from '../profile/users-admin.service';
import type { SettingsAdmin } from '../settings/settings-admin.service';
import type { TicketsAdmin } from '../tickets/tickets-admin.service';
import type { OrdersAdmin } from '../trading/orders-admin.service';
import type { AdminService } from './admin.service';

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
      adminAnswer(
        'users.read',
        { querystring: ZAdminUsersQuery, data: pageOf(ZAdminUser) },
        'All users fetched successfully',
        (request) => users.list(request.query),
      ),
    );
    app.get(
      '/admin/users/:id',
      adminAnswer('users.read', { params: ZIdParams, data: ZAdminUserDetail }, 'User fetched', (request) =>
        admin.user(request.params.id),
      ),
    );
    app.put(
      '/admin/users/:id/status',
      adminAnswer(
        'users.write',
        { params: ZIdParams, body: ZAdminUserStatusRequest, data: ZAdminUser },
        'User updated successfully',
        (request) => users.setStatus(userOf(request), request.params.id, request.body.status),
      ),
    );
    app.put(
      '/admin/users/:id/role',
      adminAnswer(
        'roles',
        { params: ZIdParams, body: ZAdminUserRoleRequest, data: ZAdminUser },
        'User updated successfully',
        (request) => users.setRole(userOf(request), request.params.id, request.body.role),
      ),
    );
    app.delete(
      '/admin/users/:id',
      adminAnswer(
        'users.write',
        { params: ZIdParams, data: z.null() },
        'User deleted successfully',
        async (request) => {
          await users.remove(userOf(request), request.params.id);
          return null;
        },
      ),
    );

    app.get(
      '/admin/tickets',
      adminAnswer(
        'tickets',
        {
          querystring: ZAdminTicketsQuery,
          data: pageOf(z.extend(ZTicketSummary, { userEmail: z.string() })),
        },
        'Tickets fetched successfully',
        (request) => tickets.queue(request.query),
      ),
    );
    app.get(
      '/admin/tickets/:id',
      adminAnswer('tickets', { params: ZIdParams, data: ZTicket }, 'Ticket fetched successfully', (request) =>
        tickets.get(request.params.id),
      ),
    );
    app.post(
      '/admin/tickets/:id/messages',
      adminAnswer(
        'tickets',
        { params: ZIdParams, body: ZTicketMessageRequest, data: ZTicket },
        'Reply sent',
        (request) => tickets.reply(userOf(request), request.params.id, request.body),
      ),
    );
    app.put(
      '/admin/tickets/:id/status',
      adminAnswer(
        'tickets',
        { params: ZIdParams, body: ZAdminTicketStatusRequest, data: ZTicket },
        'Ticket updated successfully',
        (request) => tickets.setStatus(userOf(request), request.params.id, request.body.status),
      ),
    );

    app.get(
      '/admin/orders',
      adminAnswer(
        'orders',
        { querystring: ZAdminOrdersQuery, data: pageOf(ZAdminOrder) },
        'Orders fetched successfully',
        (request) => orders.list(request.query),
      ),
    );
    app.get(
      '/admin/orders/:id',
      adminAnswer(
        'orders',
        { params: ZIdParams, data: ZAdminOrder },
        'Order fetched successfully',
        (request) => orders.get(request.params.id),
      ),
    );
    app.put(
      '/admin/orders/:id',
      adminAnswer(
        'orders',
        { params: ZIdParams, body: ZAdminOrderUpdateRequest, data: ZAdminOrder },
        'Order updated successfully',
        (request) => orders.update(userOf(request), request.params.id, request.body),
      ),
    );

    app.get(
      '/admin/pairs',
      adminAnswer('pairs', { data: z.array(ZAdminPair) }, 'Pairs fetched successfully', () => pairs.list()),
    );
    app.put(
      '/admin/pairs/:symbol',
      adminAnswer(
        'pairs',
        { params: ZAdminPairParams, body: ZAdminPairUpdateRequest, data: ZAdminPair },
        'Pair updated successfully',
        (request) => pairs.update(userOf(request), request.params.symbol, request.body),
      ),
    );

    app.get(
      '/admin/settings',
      adminAnswer(
        'settings',
        { data: z.record(z.string(), ZSettingsData) },
        'Settings fetched successfully',
        () => settings.all(),
      ),
    );
    app.put(
      '/admin/settings/:name',
      adminAnswer(
        'settings',
        { params: z.object({ name: ZSettingGroup }), body: ZSettingsPatchBody, data: ZSettingsData },
        'Settings updated successfully',
        (request) => settings.update(userOf(request), request.params.name, request.body),
      ),
    );

    app.get(
      '/admin/audit',
      adminAnswer(
        'audit',
        { querystring: ZAuditQuery, data: pageOf(ZAuditEntry) },
        'Audit log fetched successfully',
        (request) => admin.audit(request.query),
      ),
    );
  };
}
