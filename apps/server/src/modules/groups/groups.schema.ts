import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, generatedId } from '../../platform/db/columns';
import { userOwned } from '../auth/auth.schema';

/** The default group the migration creates; every account existing then joined it. */
export const SEEDED_GROUP_ID = '00000000-0000-4000-8000-0000000000d1';

/**
 * Client groups: how a set of accounts is margined and priced. The margin fields (mode, margin-call
 * and stop-out levels) apply to every account of the group at once. The spread markup, opening fee
 * and leverage caps apply to its users' new orders (group-terms.ts); each order keeps the markup
 * it was placed with.
 */
export const clientGroups = pgTable(
  'client_groups',
  {
    id: generatedId(),
    name: text('name').notNull(),
    marginMode: text('margin_mode', { enum: ['isolated', 'cross'] }).notNull(),
    /** Percent: equity ÷ margin × 100 at which the user is warned. */
    marginCallLevel: integer('margin_call_level').notNull(),
    /** Percent at which positions are closed. */
    stopOutLevel: integer('stop_out_level').notNull(),
    /** Hundredths of a percent of the pair's spread added to it, per asset class. */
    spreadMarkupCryptoBp: integer('spread_markup_crypto_bp').notNull().default(0),
    spreadMarkupForexBp: integer('spread_markup_forex_bp').notNull().default(0),
    spreadMarkupStocksBp: integer('spread_markup_stocks_bp').notNull().default(0),
    maxLeverageCrypto: integer('max_leverage_crypto').notNull().default(1000),
    maxLeverageForex: integer('max_leverage_forex').notNull().default(1000),
    maxLeverageStocks: integer('max_leverage_stocks').notNull().default(1000),
    /** Parts per million of the amount; null: the platform's trading setting. */
    openingFeePpm: integer('opening_fee_ppm'),
    swapFree: boolean('swap_free').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('client_groups_name_key').on(sql`lower(${table.name})`),
    // Exactly one default: at most one here, and the service moves it in one transaction.
    uniqueIndex('client_groups_one_default_key').on(table.isDefault).where(sql`${table.isDefault}`),
    check(
      'client_groups_levels',
      sql`10 <= ${table.stopOutLevel} and ${table.stopOutLevel} < ${table.marginCallLevel} and ${table.marginCallLevel} <= 1000`,
    ),
  ],
);

/**
 * Margin calls sent and not yet recovered from: one per account (`cross`, no position) or per
 * position (`isolated`). A row is written once per crossing, whichever process sees it first and
 * across restarts; it goes when the level is back above the margin-call level.
 */
export const marginCalls = pgTable(
  'margin_calls',
  {
    ...userOwned('cascade'),
    book: text('book', { enum: ['demo', 'real'] }).notNull(),
    /** The position, in `isolated`; null for the whole account. */
    orderId: uuid('order_id'),
    /** The level when the call went out, in hundredths of a percent. */
    levelBp: bigint('level_bp', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('margin_calls_key').on(
      table.userId,
      table.book,
      sql`coalesce(${table.orderId}, '00000000-0000-0000-0000-000000000000')`,
    ),
  ],
);
