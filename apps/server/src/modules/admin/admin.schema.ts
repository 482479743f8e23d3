import { ROLES } from '@td/contracts/statuses';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, generatedId, requiredRef } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';

/** Every staff action: who (and in what role), what, on what, the state before and after, and when. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: generatedId(),
    actorId: requiredRef('actor_id', () => users.id, 'restrict'),
    /** The actor's role when they acted (a role changes; what it allowed then stays on record). */
    actorRole: text('actor_role', { enum: ROLES }).notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [index('admin_audit_created_idx').on(table.createdAt)],
);
