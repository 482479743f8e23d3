import { boolean, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

/** What a user set up once and sees on every device: the charts' indicators, one-click trading. */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The chart settings as the API takes them (`ZChartSettings`), checked before they are written. */
  chart: jsonb('chart').notNull(),
  // One-click trading.
  /** Whether the Trade screen's Buy and Sell place a market order at once (off until turned on). */
  oneClickTrading: boolean('one_click_trading').notNull().default(false),
  /** When the user last accepted the one-click risk notice. */
  oneClickAcceptedAt: timestamp('one_click_accepted_at', { withTimezone: true }),
  // End of one-click trading.
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
