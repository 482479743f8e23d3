import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { users } from '../auth/auth.schema';
import type { Executor } from '../ledger/ledger';
import { pairs } from '../pairs/pairs.schema';
import { orders } from '../trading/orders.schema';
import { adminAudit } from './admin.schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `%` and `_` typed in a search box are letters, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

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
    async searchUsers(
      filter: {
        q?: string | undefined;
        role?: 'user' | 'admin' | undefined;
        status?: 'act' | 'sus' | undefined;
      },
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
              UUID.test(q) ? eq(users.id, q) : undefined,
            )
          : undefined,
        filter.role ? eq(users.role, filter.role) : undefined,
        filter.status ? eq(users.status, filter.status) : undefined,
      );
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async searchOrders(
      filter: {
        q?: string | undefined;
        status?: (typeof orders.$inferSelect)['status'] | undefined;
        account?: 'demo' | 'real' | undefined;
      },
      page: number,
      limit: number,
    ) {
      const q = filter.q?.trim();
      const conditions: Array<SQL | undefined> = [
        q
          ? or(
              eq(orders.symbol, q.toUpperCase()),
              ilike(users.email, likeText(q)),
              UUID.test(q) ? eq(orders.id, q) : undefined,
              UUID.test(q) ? eq(orders.userId, q) : undefined,
            )
          : undefined,
        filter.status ? eq(orders.status, filter.status) : undefined,
        filter.account ? eq(orders.book, filter.account) : undefined,
      ];
      const where = and(...conditions);
      const [items, [total]] = await Promise.all([
        db
          .select({ order: orders, email: users.email })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async updatePair(symbol: string, values: Partial<typeof pairs.$inferInsert>) {
      const [row] = await db.update(pairs).set(values).where(eq(pairs.symbol, symbol)).returning();
      return row;
    },

    async record(tx: Executor, entry: AuditRecord): Promise<void> {
      await tx.insert(adminAudit).values({
        actorId: entry.actorId,
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
      const [items, [total]] = await Promise.all([
        db
          .select({ entry: adminAudit, email: users.email })
          .from(adminAudit)
          .innerJoin(users, eq(users.id, adminAudit.actorId))
          .where(where)
          .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(adminAudit).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
