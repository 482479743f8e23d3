// The database tables of trading pairs (crypto, forex, stocks: precision, order limits, leverage,
// spread, swaps, exposure limit) and of each user's favourite pairs.
import { bigint, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';

export const pairs = pgTable('pairs', {
  /** Unique across types: `BTC_USDT`, `EUR_USD`, `AAPL_USD`. */
  symbol: text('symbol').primaryKey(),
  base: text('base').notNull(),
  quote: text('quote').notNull(),
  pairType: text('pair_type', { enum: ['crp', 'forex', 'stocks'] }).notNull(),
  status: text('status', { enum: ['act', 'dis'] })
    .notNull()
    .default('act'),
  pricePrecision: integer('price_precision').notNull(),
  amountPrecision: integer('amount_precision').notNull().default(2),
  /** Order size limits in USD cents. */
  minAmountCents: bigint('min_amount_cents', { mode: 'bigint' }).notNull(),
  maxAmountCents: bigint('max_amount_cents', { mode: 'bigint' }).notNull(),
  maxLeverage: integer('max_leverage').notNull(),
  /** The bid–ask spread as parts per million of the price (400 = 0.04 %). */
  spreadPpm: integer('spread_ppm').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  // Financing: overnight swaps.
  /** Annual swap rates in percent of the amount, for a buy and a sell (negative: the holder pays). */
  swapLong: numeric('swap_long', { precision: 8, scale: 4 }).notNull().default('0'),
  swapShort: numeric('swap_short', { precision: 8, scale: 4 }).notNull().default('0'),
  // End of financing.
  /** The dealing desk's limit on the clients' net exposure in USD cents (either way); null: none. */
  maxNetExposureCents: bigint('max_net_exposure_cents', { mode: 'bigint' }),
  createdAt: createdAt(),
});

export const favoritePairs = pgTable(
  'favorite_pairs',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    symbol: text('symbol')
      .notNull()
      .references(() => pairs.symbol, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.symbol] }),
    index('favorite_pairs_symbol_idx').on(table.symbol),
  ],
);
