// Storage of support tickets: tickets and their messages, the staff queue's search, the orders
// and payments a ticket points at (checked as the user's own), and uploaded images, each sent once
// and removed with its file by the retention job when never sent.
import { and, asc, count, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { removeDueBatch } from '../../platform/db/batch-removal';
import type { Database } from '../../platform/db/client';
import { updateById } from '../../platform/db/rows';
import { users } from '../auth/auth.schema';
import { readPageWithEmail } from '../auth/user-email-page';
import type { Executor, Tx } from '../ledger/ledger';
import { orders } from '../trading/orders.schema';
import { walletTransactions } from '../wallet/wallet.schema';
import { ticketAttachments, ticketMessages, tickets } from './tickets.schema';

export type TicketRow = typeof tickets.$inferSelect;
export type TicketMessageRow = typeof ticketMessages.$inferSelect;

/** Whether the user owns row `id` of `table`, key-share locked until the transaction commits. */
async function ownsRow(
  tx: Tx,
  table: typeof orders | typeof walletTransactions,
  userId: string,
  id: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .for('key share');
  return Boolean(row);
}

/** How many images the user uploaded that no message has sent yet. */
async function unsentOf(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.userId, userId), isNull(ticketAttachments.messageId)));
  return row?.n ?? 0;
}

export function createTicketsRepository(db: Database) {
  return {
    /** A ticket and its first message; answers both ids. */
    async insert(
      tx: Executor,
      values: typeof tickets.$inferInsert,
      message: Omit<typeof ticketMessages.$inferInsert, 'ticketId'>,
    ): Promise<{ ticket: TicketRow; messageId: string }> {
      const [row] = await tx.insert(tickets).values(values).returning();
      if (!row) throw new Error('ticket insert returned nothing');
      const [inserted] = await tx
        .insert(ticketMessages)
        .values({ ...message, ticketId: row.id })
        .returning({ id: ticketMessages.id });
      if (!inserted) throw new Error('ticket message insert returned nothing');
      return { ticket: row, messageId: inserted.id };
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
      const { items: rows, total } = await readPageWithEmail(
        db,
        {
          table: tickets,
          key: 'ticket',
          userColumn: tickets.userId,
          where,
          newest: tickets.updatedAt,
        },
        page,
        limit,
      );
      return { rows, total };
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

    /** A message on a ticket, and the ticket's new status; undefined when the ticket is gone. */
    async addMessage(
      tx: Executor,
      message: typeof ticketMessages.$inferInsert,
      status: TicketRow['status'],
    ): Promise<{ ticket: TicketRow; messageId: string } | undefined> {
      const [inserted] = await tx.insert(ticketMessages).values(message).returning({ id: ticketMessages.id });
      const row = await updateById(tx, tickets, message.ticketId, { status, updatedAt: new Date() });
      return row && inserted ? { ticket: row, messageId: inserted.id } : undefined;
    },

    /** An upload's record, before its file is written. */
    /** How many of the user's uploads are not yet sent with a message. */
    unsentAttachments: (userId: string): Promise<number> => unsentOf(db, userId),
    /**
     * Records an upload unless the user already has `unsentMax` unsent ones; answers whether it was
     * recorded. The user's uploads are counted and inserted one at a time (a transaction-scoped
     * advisory lock on the user), so parallel uploads cannot all pass one count.
     */
    async insertAttachmentWithin(
      values: { file: string; userId: string },
      unsentMax: number,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`ticket-uploads:${values.userId}`}, 0))`,
        );
        if ((await unsentOf(tx, values.userId)) >= unsentMax) return false;
        await tx.insert(ticketAttachments).values(values);
        return true;
      });
    },
    async removeAttachment(file: string): Promise<void> {
      await db.delete(ticketAttachments).where(eq(ticketAttachments.file, file));
    },
    /**
     * Removes up to `limit` uploads made before `before` and never sent, the oldest first, each with
     * its file (`removeFile`, before the rows' removal commits: a failure keeps the row for the next
     * run, never a file without its row). Answers how many were looked at and removed.
     */
    removeUnsentAttachments(
      before: Date,
      limit: number,
      removeFile: (file: string) => Promise<void>,
    ): Promise<{ examined: number; removed: number }> {
      return removeDueBatch(db, {
        table: ticketAttachments,
        key: ticketAttachments.file,
        oldest: ticketAttachments.createdAt,
        due: () => and(isNull(ticketAttachments.messageId), lt(ticketAttachments.createdAt, before)),
        limit,
        onRemoved: async (files) => {
          for (const file of files) await removeFile(file);
        },
      });
    },
    /**
     * Gives the author's own uploads, not sent before, to a message: answers the files claimed. In
     * one statement, so an upload is sent once and never while the retention job removes it.
     */
    async claimAttachments(tx: Tx, authorId: string, messageId: string, files: string[]): Promise<string[]> {
      if (files.length === 0) return [];
      const rows = await tx
        .update(ticketAttachments)
        .set({ messageId })
        .where(
          and(
            inArray(ticketAttachments.file, files),
            eq(ticketAttachments.userId, authorId),
            isNull(ticketAttachments.messageId),
          ),
        )
        .returning({ file: ticketAttachments.file });
      return rows.map((row) => row.file);
    },

    async setStatus(id: string, status: TicketRow['status']): Promise<TicketRow | undefined> {
      return updateById(db, tickets, id, { status, updatedAt: new Date() });
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

    /**
     * Whether the user owns the deposit or withdrawal; the row is key-share locked until the ticket
     * naming it commits, so the retention job cannot remove it meanwhile.
     */
    ownsTransaction: (tx: Tx, userId: string, transactionId: string): Promise<boolean> =>
      ownsRow(tx, walletTransactions, userId, transactionId),

    /** Whether the user owns the order; locked as `ownsTransaction` is, for the same reason. */
    ownsOrder: (tx: Tx, userId: string, orderId: string): Promise<boolean> =>
      ownsRow(tx, orders, userId, orderId),
  };
}
export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
