import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

/**
 * Orders and the positions they open. Money in cents; prices in the pair's minor units at the
 * precision recorded with the order (an administrator may change a pair's precision later).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    book: text('book', { enum: ['demo', 'real'] }).notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    type: text('type', { enum: ['market', 'limit'] }).notNull(),
    status: text('status', { enum: ['pnd', 'act', 'exc', 'mcl', 'cnl', 'rvt'] }).notNull(),
    /** Why it was rejected or closed: 'market_closed', 'take_profit', 'liquidation', … */
    reason: text('reason'),
    precision: integer('precision').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    leverage: integer('leverage').notNull(),
    /** The limit price while pending; the fill price once open. */
    price: bigint('price', { mode: 'bigint' }),
    marginCents: bigint('margin_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    takeProfit: bigint('take_profit', { mode: 'bigint' }),
    stopLoss: bigint('stop_loss', { mode: 'bigint' }),
    liquidationPrice: bigint('liquidation_price', { mode: 'bigint' }),
    closePrice: bigint('close_price', { mode: 'bigint' }),
    pnlCents: bigint('pnl_cents', { mode: 'bigint' }),
    clientOrderId: text('client_order_id'),
    /** For the closed part of a partial close: the position it came from. */
    parentId: uuid('parent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('orders_client_order_key')
      .on(table.userId, table.clientOrderId)
      .where(sql`${table.clientOrderId} is not null`),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_live_idx').on(table.status).where(sql`${table.status} in ('pnd', 'act')`),
    // Rejected orders, oldest first, for the retention job.
    index('orders_rejected_idx').on(table.createdAt).where(sql`${table.status} = 'rvt'`),
  ],
);

/** Equity at the end of each day, per user and book, for the portfolio curve. */
export const equitySnapshots = pgTable(
  'equity_snapshots',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    book: text('book', { enum: ['demo', 'real'] }).notNull(),
    dayMs: bigint('day_ms', { mode: 'number' }).notNull(),
    equityCents: bigint('equity_cents', { mode: 'bigint' }).notNull(),
    version: integer('version').notNull().default(0),
  },
  (table) => [uniqueIndex('equity_snapshots_key').on(table.userId, table.book, table.dayMs)],
);
