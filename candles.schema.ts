import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Stored candles at three resolutions — '1' (minute), '60' (hour) and '1D' (day) — from which
 * every interval is aggregated. Prices are integers in the pair's minor units (price × 10^precision);
 * volume is USD. An hour is exactly its minutes, a day exactly its hours, where both exist.
 */
export const candles = pgTable(
  'candles',
  {
    symbol: text('symbol').notNull(),
    resolution: text('resolution', { enum: ['1', '60', '1D'] }).notNull(),
    t: bigint('t', { mode: 'number' }).notNull(),
    o: bigint('o', { mode: 'number' }).notNull(),
    h: bigint('h', { mode: 'number' }).notNull(),
    l: bigint('l', { mode: 'number' }).notNull(),
    c: bigint('c', { mode: 'number' }).notNull(),
    v: bigint('v', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.symbol, table.resolution, table.t] })],
);
