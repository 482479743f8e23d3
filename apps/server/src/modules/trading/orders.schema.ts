import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef } from '../../platform/db/columns';
import { userOwned, users } from '../auth/auth.schema';

/**
 * Orders and the positions they open. Money in cents; prices in the pair's minor units at the
 * precision recorded with the order (an administrator may change a pair's precision later).
 */
export const orders = pgTable(
  'orders',
  {
    ...userOwned('restrict'),
    book: text('book', { enum: ['demo', 'real'] }).notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    type: text('type', { enum: ['market', 'limit', 'stop', 'stop_limit'] }).notNull(),
    status: text('status', { enum: ['pnd', 'act', 'exc', 'mcl', 'cnl', 'rvt'] }).notNull(),
    /** Why it was rejected or closed: 'market_closed', 'take_profit', 'liquidation', … */
    reason: text('reason'),
    precision: integer('precision').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    leverage: integer('leverage').notNull(),
    /**
     * The client group's spread markup this order's prices follow, in hundredths of a percent of
     * the pair's spread: fixed when it is placed, so a later change of the group's terms applies
     * to new orders only. Its triggers, fill and close are at the pair's quote so widened.
     */
    spreadMarkupBp: integer('spread_markup_bp').notNull().default(0),
    /** The limit price while pending; the fill price once open. */
    price: bigint('price', { mode: 'bigint' }),
    marginCents: bigint('margin_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    takeProfit: bigint('take_profit', { mode: 'bigint' }),
    stopLoss: bigint('stop_loss', { mode: 'bigint' }),
    liquidationPrice: bigint('liquidation_price', { mode: 'bigint' }),
    closePrice: bigint('close_price', { mode: 'bigint' }),
    pnlCents: bigint('pnl_cents', { mode: 'bigint' }),
    /**
     * For a position closed in parts: what the parts closed so far made beyond what they booked
     * (the fraction of a cent each part's rounding left), in cents × the entry price, so the next
     * part books the rounded running total (`partPnl`). 0 until a part closes.
     */
    pnlCarry: bigint('pnl_carry', { mode: 'bigint' }).notNull().default(sql`0`),
    // Financing: overnight swaps.
    /** Swaps accumulated while open, in cents (negative: charged to the holder), settled at the close. */
    swapCents: bigint('swap', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The last rollover charged (each rollover is charged once); null before the first. */
    swapThrough: timestamp('swap_through', { withTimezone: true }),
    // End of financing.
    // --- Stop orders, trailing stops and expiry ---
    /** The trigger of a `stop` or `stop_limit` order (kept once it fired). */
    stopPrice: bigint('stop_price', { mode: 'bigint' }),
    /** When a `stop_limit`'s trigger fired: from then on it waits as a limit order. */
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    /** A trailing stop's distance: the trigger engine moves `stopLoss` to the best price minus it. */
    trailingStop: bigint('trailing_stop', { mode: 'bigint' }),
    timeInForce: text('time_in_force', { enum: ['gtc', 'day', 'gtd'] })
      .notNull()
      .default('gtc'),
    /** When a pending order expires (`day` and `gtd`). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // --- end of stop orders ---
    clientOrderId: text('client_order_id'),
    /** For the closed part of a partial close: the position it came from. */
    parentId: uuid('parent_id'),
    createdAt: createdAt(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('orders_client_order_key')
      .on(table.userId, table.clientOrderId)
      .where(sql`${table.clientOrderId} is not null`),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_live_idx').on(table.status).where(sql`${table.status} in ('pnd', 'act')`),
    // A day's openings and closings, for the back-office's daily report.
    index('orders_opened_at_idx').on(table.openedAt),
    index('orders_closed_at_idx').on(table.closedAt),
    // Rejected orders, oldest first, for the retention job.
    index('orders_rejected_idx').on(table.createdAt).where(sql`${table.status} = 'rvt'`),
  ],
);

/** Equity at the end of each day, per user and book, for the portfolio curve. */
export const equitySnapshots = pgTable(
  'equity_snapshots',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    book: text('book', { enum: ['demo', 'real'] }).notNull(),
    dayMs: bigint('day_ms', { mode: 'number' }).notNull(),
    equityCents: bigint('equity_cents', { mode: 'bigint' }).notNull(),
    version: integer('version').notNull().default(0),
  },
  (table) => [uniqueIndex('equity_snapshots_key').on(table.userId, table.book, table.dayMs)],
);
