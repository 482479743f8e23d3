import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, generatedId, requiredRef } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { clientGroups } from '../groups/groups.schema';

/** A message staff sent to clients: to all, to a client group, or to the holders of a pair. */
export const announcements = pgTable('announcements', {
  id: generatedId(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  audience: text('audience', { enum: ['all', 'group', 'pair'] }).notNull(),
  groupId: uuid('group_id').references(() => clientGroups.id, { onDelete: 'set null' }),
  symbol: text('symbol'),
  /** Whether each recipient is e-mailed too. */
  email: boolean('email').notNull().default(false),
  /** How many users it reached, counted when it was sent. */
  recipients: integer('recipients').notNull().default(0),
  sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * Who an announcement reached, resolved when it was sent (one row each, written by one
 * INSERT … SELECT), when each read it, and when each was e-mailed.
 */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: requiredRef('announcement_id', () => announcements.id, 'cascade'),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set when the mail is taken to be sent (at most once); null while due or not asked for. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.announcementId, table.userId] }),
    // A user's unread ones, on every page of the app.
    index('announcement_recipients_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
  ],
);
