import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { users } from '../auth/auth.schema';
import type { Executor } from '../ledger/ledger';
import { orders } from '../trading/orders.schema';
import { walletTransactions } from '../wallet/wallet.schema';
import { ticketMessages, tickets } from './tickets.schema';

export type TicketRow = typeof tickets.$inferSelect;
export type TicketMessageRow = typeof ticketMessages.$inferSelect;

export function createTicketsRepository(db: Database) {
  return {
    async insert(
      tx: Executor,
      values: typeof tickets.$inferInsert,
      message: Omit<typeof ticketMessages.$inferInsert, 'ticketId'>,
    ): Promise<TicketRow> {
      const [row] = await tx.insert(tickets).values(values).returning();
      if (!row) throw new Error('ticket insert returned nothing');
      await tx.insert(ticketMessages).values({ ...message, ticketId: row.id });
      return row;
    },

    async find(id: string): Promise<TicketRow | undefined> {
      const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
      return row;
    },

    async list(
      filter: { userId?: string; status?: TicketRow['status']; q?: string },
      page: number,
      limit: number,
    ) {
      const conditions: Array<SQL | undefined> = [
        filter.userId ? eq(tickets.userId, filter.userId) : undefined,
        filter.status ? eq(tickets.status, filter.status) : undefined,
        filter.q
          ? or(ilike(tickets.subject, `%${filter.q}%`), ilike(users.email, `%${filter.q}%`))
          : undefined,
      ];
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ ticket: tickets, email: users.email })
          .from(tickets)
          .innerJoin(users, eq(users.id, tickets.userId))
          .where(where)
          .orderBy(desc(tickets.updatedAt), desc(tickets.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(tickets).innerJoin(users, eq(users.id, tickets.userId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async messages(ticketIds: string[]) {
      if (ticketIds.length === 0) return [];
      return db
        .select({ message: ticketMessages, firstName: users.firstName, lastName: users.lastName })
        .from(ticketMessages)
        .innerJoin(users, eq(users.id, ticketMessages.authorId))
        .where(inArray(ticketMessages.ticketId, ticketIds))
        .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
    },

    async addMessage(
      tx: Executor,
      message: typeof ticketMessages.$inferInsert,
      status: TicketRow['status'],
    ): Promise<TicketRow | undefined> {
      await tx.insert(ticketMessages).values(message);
      const [row] = await tx
        .update(tickets)
        .set({ status, updatedAt: new Date() })
        .where(eq(tickets.id, message.ticketId))
        .returning();
      return row;
    },

    async setStatus(id: string, status: TicketRow['status']): Promise<TicketRow | undefined> {
      const [row] = await db
        .update(tickets)
        .set({ status, updatedAt: new Date() })
        .where(eq(tickets.id, id))
        .returning();
      return row;
    },

    /** The orders a set of tickets point at, for their labels. */
    async linkedOrders(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: orders.id,
          userId: orders.userId,
          symbol: orders.symbol,
          side: orders.side,
          book: orders.book,
        })
        .from(orders)
        .where(inArray(orders.id, ids));
    },

    /** The deposits and withdrawals a set of tickets point at, for their labels and statuses. */
    async linkedTransactions(ids: string[]) {
      if (ids.length === 0) return [];
      return db.select().from(walletTransactions).where(inArray(walletTransactions.id, ids));
    },

    async ownsTransaction(userId: string, transactionId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: walletTransactions.id })
        .from(walletTransactions)
        .where(and(eq(walletTransactions.id, transactionId), eq(walletTransactions.userId, userId)));
      return Boolean(row);
    },

    async ownsOrder(userId: string, orderId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      return Boolean(row);
    },
  };
}
export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
