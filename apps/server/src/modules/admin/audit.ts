import type { Database } from '../../platform/db/client';
import type { Executor } from '../ledger/ledger';
import type { AdminRepository } from './admin.repository';

/** Who made a change: the signed-in administrator. */
export interface AuditActor {
  id: string;
}

/**
 * The back-office audit log as every module writes to it: each change an administrator makes, with
 * what it changed before and after, written once the change is made (a refused change leaves no
 * entry). Given the change's transaction, the entry commits or rolls back with it.
 */
export function createAuditLog(deps: { db: Database; repo: Pick<AdminRepository, 'record'> }) {
  return {
    record(
      actor: AuditActor,
      change: { action: string; targetType: string; targetId: string; before: unknown; after: unknown },
      executor: Executor = deps.db,
    ): Promise<void> {
      return deps.repo.record(executor, { actorId: actor.id, ...change });
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
