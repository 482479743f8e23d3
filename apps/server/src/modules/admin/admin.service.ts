// The back-office's reads that span modules: one user's full page (account, balances, recent
// orders, sign-ins, payments, referrals, group) and the audit log. Changes live in each module.
import type { TAdminUserDetail, TAuditEntry } from '@td/contracts/admin';
import { formatScaled } from '@td/contracts/decimal';
import type { Database } from '../../platform/db/client';
import type { GroupsService } from '../groups/groups.service';
import { balancesOf } from '../ledger/ledger';
import type { ProfileService } from '../profile/profile.service';
import { toAdminUser, type UsersAdmin } from '../profile/users-admin.service';
import type { ReferralsAdmin } from '../referrals/referrals-admin.service';
import { toOrderDto } from '../trading/order-dto';
import type { OrdersRepository } from '../trading/orders.repository';
import type { WalletRepository } from '../wallet/wallet.repository';
import { toWalletTxDto } from '../wallet/wallet.service';
import type { AdminRepository } from './admin.repository';

const RECENT_ROWS = 20;

/**
 * What the back-office reads across modules: a user's page (account, balances, latest orders,
 * sign-ins, payments and referrals) and the audit log. Changes are each module's own administrator
 * operations, every one written to the audit log (`audit.ts`).
 */
export function createAdminService(deps: {
  db: Database;
  repo: AdminRepository;
  users: Pick<UsersAdmin, 'userOf'>;
  profile: Pick<ProfileService, 'logins'>;
  orders: Pick<OrdersRepository, 'list'>;
  wallet: Pick<WalletRepository, 'list'>;
  referrals: Pick<ReferralsAdmin, 'overviewOf'>;
  /** The user's client group. */
  groups: Pick<GroupsService, 'groupOf'>;
}) {
  const { db } = deps;
  return {
    async user(id: string): Promise<TAdminUserDetail> {
      const row = await deps.users.userOf(id);
      const [demo, real, recent, logins, payments, referrals, group] = await Promise.all([
        balancesOf(db, id, 'demo'),
        balancesOf(db, id, 'real'),
        deps.orders.list(id, { page: 1, limit: RECENT_ROWS }),
        deps.profile.logins(row, 1, RECENT_ROWS),
        deps.wallet.list({ userId: id }, 1, RECENT_ROWS),
        deps.referrals.overviewOf(id),
        deps.groups.groupOf(id),
      ]);
      const book = (balances: { cash: bigint; margin: bigint }) => ({
        cash: formatScaled(balances.cash, 2),
        margin: formatScaled(balances.margin, 2),
      });
      return {
        user: toAdminUser(row),
        balances: { demo: book(demo), real: book(real) },
        orders: recent.items.map((order) => toOrderDto(order)),
        logins: logins.items,
        transactions: payments.items.map(toWalletTxDto),
        referrals,
        group,
      };
    },

    async audit(query: {
      action?: string | undefined;
      targetId?: string | undefined;
      page: number;
      limit: number;
    }) {
      const { items, total } = await deps.repo.audit(query, query.page, query.limit);
      const entries: TAuditEntry[] = items.map(({ entry, email }) => ({
        id: entry.id,
        actor: { id: entry.actorId, email, role: entry.actorRole },
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: entry.before,
        after: entry.after,
        createdAt: entry.createdAt.toISOString(),
      }));
      return { items: entries, page: query.page, limit: query.limit, total };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
