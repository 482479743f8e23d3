// Column builders the tables share: a generated uuid key, the time a row was written, and a
// required reference to another table's row.
import { type PgColumn, timestamp, type UpdateDeleteAction, uuid } from 'drizzle-orm/pg-core';

/** `id`: a uuid primary key the database generates. */
export const generatedId = () => uuid('id').primaryKey().defaultRandom();

/** `created_at`: when the row was written, with its time zone, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A required uuid column naming a row of another table, and what its removal does to this row. */
export const requiredRef = (name: string, target: () => PgColumn, onDelete: UpdateDeleteAction) =>
  uuid(name).notNull().references(target, { onDelete });
