import type { TTicketStatus } from '@td/contracts/statuses';
import type { ZTicketMessageRequest } from '@td/contracts/tickets';
import type { z } from 'zod';
import type { AuditLog } from '../admin/audit';
import type { UserRow } from '../auth/auth.repository';
import type { TicketsService } from './tickets.service';

/** The back-office's side of support: the queue, any ticket, and staff replies and status changes (audited). */
export function createTicketsAdmin(deps: { tickets: TicketsService; audit: AuditLog }) {
  const { tickets, audit } = deps;
  return {
    queue: tickets.queue,
    get: async (id: string) => (await tickets.getAny(id)).ticket,

    async reply(staff: UserRow, id: string, input: z.output<typeof ZTicketMessageRequest>) {
      const { before, ticket } = await tickets.reply(staff, id, input);
      await audit.record(staff, {
        action: 'ticket.reply',
        targetType: 'ticket',
        targetId: id,
        before: { status: before.status },
        after: { status: ticket.status, message: input.message },
      });
      return ticket;
    },

    async setStatus(staff: UserRow, id: string, status: TTicketStatus) {
      const { before, ticket } = await tickets.setStatus(id, status);
      await audit.record(staff, {
        action: 'ticket.status',
        targetType: 'ticket',
        targetId: id,
        before: { status: before.status },
        after: { status: ticket.status },
      });
      return ticket;
    },
  };
}
export type TicketsAdmin = ReturnType<typeof createTicketsAdmin>;
