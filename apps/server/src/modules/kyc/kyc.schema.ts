// The database tables of identity checks (KYC): legal details (level 1), document submissions
// for review (level 2, at most one pending or approved per account) and their images, which are
// stored only sealed.
import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredRef } from '../../platform/db/columns';
import { userOwned, users } from '../auth/auth.schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Level 1: the person's legal details, one row per account, replaced when edited. */
export const kycProfiles = pgTable('kyc_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  legalFirstName: text('legal_first_name').notNull(),
  legalLastName: text('legal_last_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  country: text('country').notNull(),
  addressLine: text('address_line').notNull(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Level 2: identity documents sent for review. At most one submission of an account is pending or
 * approved at a time (a partial unique index): a second one sent in parallel is refused.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    ...userOwned('cascade'),
    documentType: text('document_type', { enum: ['passport', 'id_card', 'driving_licence'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('kyc_submissions_user_idx').on(table.userId, table.createdAt),
    index('kyc_submissions_status_idx').on(table.status, table.createdAt),
    uniqueIndex('kyc_submissions_one_open_idx')
      .on(table.userId)
      .where(sql`${table.status} in ('pending', 'approved')`),
  ],
);

/**
 * A submission's images, sealed with AES-256-GCM (see `document-seal.ts`): the database never holds
 * a readable document. Deleted with their submission.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    submissionId: requiredRef('submission_id', () => kycSubmissions.id, 'cascade'),
    kind: text('kind', { enum: ['front', 'back', 'selfie'] }).notNull(),
    sealed: bytea('sealed').notNull(),
  },
  (table) => [primaryKey({ columns: [table.submissionId, table.kind] })],
);

export type KycProfileRow = typeof kycProfiles.$inferSelect;
export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
