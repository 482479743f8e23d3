// The back-office's work on accounts: search, suspend, change role and delete, each audited. The
// last active administrator keeps the role; deleting erases the person but keeps the ledger, orders
// and tickets, and waits until no real-money position is open.
import type { TAdminUser } from '@td/contracts/admin';
import type { TRole, TUserStatus } from '@td/contracts/statuses';
import { USER_CODE } from '@td/contracts/statuses';
import type { Database } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../admin/audit';
import type { AuthRepository, UserRow } from '../auth/auth.repository';
import type { SessionEnder } from '../auth/sessions';
import { toUserDto } from './profile.service';
import { createUsersAdminRepository } from './users-admin.repository';

export const toAdminUser = (row: UserRow): TAdminUser => ({
  ...toUserDto(row),
  deletedAt: row.deletedAt?.toISOString() ?? null,
  referredBy: row.referredBy,
});

/** What the audit log keeps of a user: who they are and what an administrator may change. */
const auditUser = (row: UserRow) => ({
  email: row.email,
  name: `${row.firstName} ${row.lastName}`,
  role: row.role,
  status: row.status,
  deletedAt: row.deletedAt?.toISOString() ?? null,
});

/**
 * The back-office's operations on accounts: search, suspend, role, delete; each one audited (a
 * role change with the role before and after). The last active administrator keeps the role.
 */
export function createUsersAdmin(deps: {
  db: Database;
  auth: AuthRepository;
  /** Suspension and deletion sign the user out everywhere, live sockets included. */
  sessions: SessionEnder;
  audit: AuditLog;
  /** Whether the user still has open real-money positions (a deletion waits until they are closed). */
  hasLiveRealOrders: (userId: string) => Promise<boolean>;
  /** Erases what the person gave to verify their identity: details and documents. */
  eraseIdentity: (userId: string) => Promise<void>;
  /** Revokes the user's API keys and forgets their secrets. */
  revokeApiKeys: (userId: string) => Promise<void>;
}) {
  const search = createUsersAdminRepository(deps.db);
  const audited = (actor: AuditActor, action: string, before: UserRow, after: UserRow) =>
    deps.audit.record(actor, {
      action,
      targetType: 'user',
      targetId: before.id,
      before: auditUser(before),
      after: auditUser(after),
    });

  const userOf = async (id: string) => {
    const row = await deps.auth.findUserById(id);
    if (!row) throw notFound('User not found');
    return row;
  };

  return {
    userOf,

    async list(query: {
      q?: string | undefined;
      role?: TRole | undefined;
      status?: TUserStatus | undefined;
      page: number;
      limit: number;
    }) {
      const { items, total } = await search.search(query, query.page, query.limit);
      return { items: items.map(toAdminUser), page: query.page, limit: query.limit, total };
    },

    async setStatus(actor: AuditActor, id: string, status: TUserStatus): Promise<TAdminUser> {
      const before = await userOf(id);
      if (before.id === actor.id) throw conflict('User update failed: you cannot suspend yourself');
      if (before.deletedAt) throw conflict('User update failed: the user was deleted');
      const after = await deps.auth.updateUser(id, { status, updatedAt: new Date() });
      if (!after) throw notFound('User not found');
      // A suspended user is signed out everywhere at once.
      if (status === USER_CODE.suspended) await deps.sessions.endAll(id);
      await audited(
        actor,
        status === USER_CODE.suspended ? 'user.suspend' : 'user.reactivate',
        before,
        after,
      );
      return toAdminUser(after);
    },

    async setRole(actor: AuditActor, id: string, role: TRole): Promise<TAdminUser> {
      const before = await userOf(id);
      if (before.id === actor.id) throw conflict('User update failed: you cannot change your own role');
      if (before.deletedAt) throw conflict('User update failed: the user was deleted');
      const after = await search.setRole(id, role);
      if (after === 'last-admin')
        throw conflict('User update failed: the last administrator keeps the role', [
          { field: 'role', message: 'Make someone else an administrator first' },
        ]);
      if (!after) throw notFound('User not found');
      await audited(actor, 'user.role', before, after);
      return toAdminUser(after);
    },

    /**
     * Deletes a person, not their history: the ledger, orders and tickets stay (the books must
     * still add up), while the name, e-mail, phone, picture, secrets, sign-ins and identity details
     * and documents are erased.
     */
    async remove(actor: AuditActor, id: string): Promise<void> {
      const before = await userOf(id);
      if (before.id === actor.id)
        throw conflict('User delete failed', [
          { field: 'id', message: 'You cannot delete your own account' },
        ]);
      if (before.deletedAt)
        throw conflict('User delete failed', [{ field: 'id', message: 'Already deleted' }]);
      if (await deps.hasLiveRealOrders(id))
        throw conflict('User delete failed', [
          { field: 'id', message: 'The user has open real positions: close them first' },
        ]);
      const after = await deps.auth.updateUser(id, {
        email: `deleted-${id}@deleted.invalid`,
        firstName: 'Deleted',
        lastName: 'User',
        phone: null,
        country: null,
        avatarFile: null,
        passwordHash: null,
        tfaSecret: null,
        tfaPendingSecret: null,
        tfaEnabled: false,
        antiPhishingPhrase: null,
        googleSub: null,
        status: USER_CODE.suspended,
        deletedAt: new Date(),
        updatedAt: new Date(),
      });
      if (!after) throw conflict('User delete failed');
      await deps.auth.deleteAllPasskeys(id);
      await deps.revokeApiKeys(id);
      await deps.eraseIdentity(id);
      await deps.sessions.endAll(id);
      await audited(actor, 'user.delete', before, after);
    },
  };
}
export type UsersAdmin = ReturnType<typeof createUsersAdmin>;
