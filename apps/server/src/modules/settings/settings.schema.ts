import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Public setting groups (`general`, `trading`, `wallet`, `referral`), one JSON document each. */
export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
