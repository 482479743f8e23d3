// The database tables of support tickets: tickets (optionally about an order or a payment),
// their messages from user and staff, and uploaded images with the message each was sent in.
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, generatedId, requiredRef } from '../../platform/db/columns';
import { userOwned, users } from '../auth/auth.schema';

export const tickets = pgTable(
  'tickets',
  {
    ...userOwned('restrict'),
    type: text('type', { enum: ['trade', 'bug'] }).notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['opn', 'pnd', 'cls'] })
      .notNull()
      .default('opn'),
    /**
     * What the ticket is about: `order` now; another kind (a wallet transaction) is one more value
     * of `linkKind` with its own ownership check, no new column.
     */
    linkKind: text('link_kind', { enum: ['order', 'transaction'] }),
    linkId: text('link_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tickets_user_idx').on(table.userId, table.updatedAt),
    index('tickets_status_idx').on(table.status, table.updatedAt),
    // What links to an order or a wallet transaction: such rows are kept by the retention job.
    index('tickets_link_idx').on(table.linkKind, table.linkId),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: generatedId(),
    ticketId: requiredRef('ticket_id', () => tickets.id, 'cascade'),
    authorId: requiredRef('author_id', () => users.id, 'restrict'),
    isStaff: boolean('is_staff').notNull().default(false),
    body: text('body').notNull(),
    /** Stored image file names (re-encoded WebP), served under /tickets/attachments/. */
    attachments: jsonb('attachments').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index('ticket_messages_ticket_idx').on(table.ticketId, table.createdAt)],
);

/**
 * An uploaded image (its file under the attachments folder) and the message it was sent with. An
 * upload is claimed once, by its uploader, when a message names it; one never claimed is removed
 * with its file by the retention job.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    /** The stored file's name: `<user id>-<32 hex>.webp`. */
    file: text('file').primaryKey(),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    messageId: uuid('message_id').references(() => ticketMessages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('ticket_attachments_unsent_idx').on(table.createdAt).where(sql`${table.messageId} is null`),
    // Each user's unsent uploads, counted against their quota at every upload.
    index('ticket_attachments_user_unsent_idx').on(table.userId).where(sql`${table.messageId} is null`),
  ],
);
