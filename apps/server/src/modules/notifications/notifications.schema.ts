import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns';
import { userOwned } from '../auth/auth.schema';

/** The notification centre: what the stream announced, kept so it can be read later. */
export const notifications = pgTable(
  'notifications',
  {
    ...userOwned('cascade'),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.createdAt)],
);

/** "Notify me when PAIR crosses PRICE": fires once, then keeps its firing time. */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    ...userOwned('cascade'),
    symbol: text('symbol').notNull(),
    direction: text('direction', { enum: ['above', 'below'] }).notNull(),
    /** In the pair's price precision, as its quotes are. */
    priceMinor: bigint('price_minor', { mode: 'bigint' }).notNull(),
    precision: integer('precision').notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    firedPriceMinor: bigint('fired_price_minor', { mode: 'bigint' }),
    createdAt: createdAt(),
  },
  (table) => [index('price_alerts_user_idx').on(table.userId, table.createdAt)],
);
