// Storage for the back-office audit log: writes an entry for each administrator change (with the
// actor's role read from their row at that moment) and reads the log a page at a time.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { users } from '../auth/auth.schema';
import { readPageWithEmail } from '../auth/user-email-page';
import type { Executor } from '../ledger/ledger';
import { adminAudit } from './admin.schema';

export interface AuditRecord {
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

export function createAdminRepository(db: Database) {
  return {
    /** Writes an entry; the actor's role is read from their row as the entry is written. */
    async record(tx: Executor, entry: AuditRecord): Promise<void> {
      await tx.insert(adminAudit).values({
        actorId: entry.actorId,
        actorRole: sql`(select ${users.role} from ${users} where ${users.id} = ${entry.actorId})`,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },

    async audit(
      filter: { action?: string | undefined; targetId?: string | undefined },
      page: number,
      limit: number,
    ) {
      const where = and(
        filter.action ? eq(adminAudit.action, filter.action) : undefined,
        filter.targetId ? eq(adminAudit.targetId, filter.targetId) : undefined,
      );
      return readPageWithEmail(
        db,
        {
          table: adminAudit,
          key: 'entry',
          userColumn: adminAudit.actorId,
          where,
        },
        page,
        limit,
      );
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
