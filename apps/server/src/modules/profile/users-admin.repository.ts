import type { TRole, TUserStatus } from '@td/contracts/statuses';
import { USER_CODE } from '@td/contracts/statuses';
import { and, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { readNewestPage } from '../../platform/db/paging';
import { updateById } from '../../platform/db/rows';
import { isUuid, likeText } from '../../platform/db/search';
import { users } from '../auth/auth.schema';

/** The back-office's search over every account, newest first. */
export function createUsersAdminRepository(db: Database) {
  return {
    async search(
      filter: { q?: string | undefined; role?: TRole | undefined; status?: TUserStatus | undefined },
      page: number,
      limit: number,
    ) {
      const q = filter.q?.trim();
      const where = and(
        q
          ? or(
              ilike(users.email, likeText(q)),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, likeText(q)),
              eq(users.referralCode, q.toUpperCase()),
              isUuid(q) ? eq(users.id, q) : undefined,
            )
          : undefined,
        filter.role ? eq(users.role, filter.role) : undefined,
        filter.status ? eq(users.status, filter.status) : undefined,
      );
      return readNewestPage(db, users, where, page, limit);
    },

    /**
     * Gives a user a role, unless that takes the role from the last active administrator
     * (`'last-admin'`). Every active administrator's row is locked first, so two administrators
     * demoting each other at once cannot both succeed. Undefined: no such user.
     */
    async setRole(id: string, role: TRole): Promise<typeof users.$inferSelect | 'last-admin' | undefined> {
      return db.transaction(async (tx) => {
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'admin'), eq(users.status, USER_CODE.active), isNull(users.deletedAt)))
          .orderBy(users.id)
          .for('update');
        const isDemotion = role !== 'admin' && admins.some((admin) => admin.id === id);
        if (isDemotion && admins.length <= 1) return 'last-admin';
        return updateById(tx, users, id, { role, updatedAt: new Date() });
      });
    },
  };
}
