import type { TAdminOrder, TAdminPair, TAdminUser, TAdminUserDetail, TAuditEntry } from '@td/contracts/admin';
import { formatScaled } from '@td/contracts/decimal';
import type { TRole, TTicketStatus, TUserStatus } from '@td/contracts/statuses';
import type { ZTicketMessageRequest } from '@td/contracts/tickets';
import type { z } from 'zod';
import type { Bus } from '../../platform/bus/bus';
import type { Database } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { AuthRepository, UserRow } from '../auth/auth.repository';
import { balancesOf } from '../ledger/ledger';
import { PAIRS_CHANGED_CHANNEL } from '../pairs/pair-cache';
import type { PairRow, PairsRepository } from '../pairs/pairs.repository';
import { toPairDto } from '../pairs/pairs.service';
import type { ProfileService } from '../profile/profile.service';
import { toUserDto } from '../profile/profile.service';
import type { SettingsService, TSettingGroup } from '../settings/settings.service';
import type { TicketsService } from '../tickets/tickets.service';
import type { OrderRow, OrdersRepository } from '../trading/orders.repository';
import { type OrdersService, toOrderDto } from '../trading/orders.service';
import type { WalletRepository } from '../wallet/wallet.repository';
import { toWalletTxDto } from '../wallet/wallet.service';
import type { AdminRepository } from './admin.repository';

const RECENT_ROWS = 20;

const toAdminUser = (row: UserRow): TAdminUser => ({
  ...toUserDto(row),
  deletedAt: row.deletedAt?.toISOString() ?? null,
  referredBy: row.referredBy,
});
const toAdminOrder = (row: OrderRow, email: string): TAdminOrder => ({
  ...toOrderDto(row),
  userId: row.userId,
  userEmail: email,
});
const toAdminPair = (row: PairRow): TAdminPair => {
  const { favorite: _favorite, marketOpen: _marketOpen, ...pair } = toPairDto(row, false);
  return { ...pair, spreadPpm: row.spreadPpm };
};
/** What the audit log keeps of a user: who they are and what an administrator may change. */
const auditUser = (row: UserRow) => ({
  email: row.email,
  name: `${row.firstName} ${row.lastName}`,
  role: row.role,
  status: row.status,
  deletedAt: row.deletedAt?.toISOString() ?? null,
});

/**
 * The back-office. Every change an administrator makes is written to the audit log, with the state
 * before and after, once the change has been made (a refused change leaves no entry).
 */
export function createAdminService(deps: {
  db: Database;
  repo: AdminRepository;
  auth: AuthRepository;
  profile: ProfileService;
  orders: OrdersService;
  ordersRepo: OrdersRepository;
  pairs: PairsRepository;
  tickets: TicketsService;
  settings: SettingsService;
  wallet: WalletRepository;
  /** Pair changes are announced on it, so every process's cached pairs drop the old values. */
  bus: Bus;
  logger: Logger;
}) {
  const { db, repo } = deps;
  const record = (
    actor: UserRow,
    action: string,
    targetType: string,
    targetId: string,
    before: unknown,
    after: unknown,
  ) => repo.record(db, { actorId: actor.id, action, targetType, targetId, before, after });

  const userOf = async (id: string) => {
    const row = await deps.auth.findUserById(id);
    if (!row) throw notFound('User not found');
    return row;
  };

  return {
    async users(query: {
      q?: string | undefined;
      role?: TRole | undefined;
      status?: TUserStatus | undefined;
      page: number;
      limit: number;
    }) {
      const { items, total } = await repo.searchUsers(query, query.page, query.limit);
      return { items: items.map(toAdminUser), page: query.page, limit: query.limit, total };
    },

    async user(id: string): Promise<TAdminUserDetail> {
      const row = await userOf(id);
      const [demo, real, recent, logins, payments] = await Promise.all([
        balancesOf(db, id, 'demo'),
        balancesOf(db, id, 'real'),
        deps.ordersRepo.list(id, { page: 1, limit: RECENT_ROWS }),
        deps.profile.logins(row, 1, RECENT_ROWS),
        deps.wallet.list({ userId: id }, 1, RECENT_ROWS),
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
      };
    },

    async setStatus(actor: UserRow, id: string, status: TUserStatus): Promise<TAdminUser> {
      const before = await userOf(id);
      if (before.id === actor.id) throw conflict('User update failed: you cannot suspend yourself');
      if (before.deletedAt) throw conflict('User update failed: the user was deleted');
      const after = await deps.auth.updateUser(id, { status, updatedAt: new Date() });
      if (!after) throw notFound('User not found');
      // A suspended user is signed out everywhere at once.
      if (status === 'sus') await deps.auth.revokeSessions(id);
      await record(
        actor,
        status === 'sus' ? 'user.suspend' : 'user.reactivate',
        'user',
        id,
        auditUser(before),
        auditUser(after),
      );
      return toAdminUser(after);
    },

    async setRole(actor: UserRow, id: string, role: TRole): Promise<TAdminUser> {
      const before = await userOf(id);
      if (before.id === actor.id) throw conflict('User update failed: you cannot change your own role');
      if (before.deletedAt) throw conflict('User update failed: the user was deleted');
      const after = await deps.auth.updateUser(id, { role, updatedAt: new Date() });
      if (!after) throw notFound('User not found');
      await record(actor, 'user.role', 'user', id, auditUser(before), auditUser(after));
      return toAdminUser(after);
    },

    /**
     * Deletes a person, not their history: the ledger, orders and tickets stay (the books must
     * still add up), while the name, e-mail, phone, picture, secrets and sign-ins are erased.
     */
    async deleteUser(actor: UserRow, id: string): Promise<void> {
      const before = await userOf(id);
      if (before.id === actor.id)
        throw conflict('User delete failed', [
          { field: 'id', message: 'You cannot delete your own account' },
        ]);
      if (before.deletedAt)
        throw conflict('User delete failed', [{ field: 'id', message: 'Already deleted' }]);
      if ((await deps.ordersRepo.live(id, 'real')).length > 0)
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
        status: 'sus',
        deletedAt: new Date(),
        updatedAt: new Date(),
      });
      if (!after) throw conflict('User delete failed');
      await deps.auth.revokeSessions(id);
      await record(actor, 'user.delete', 'user', id, auditUser(before), auditUser(after));
    },

    async orders(query: {
      q?: string | undefined;
      status?: OrderRow['status'] | undefined;
      account?: OrderRow['book'] | undefined;
      page: number;
      limit: number;
    }) {
      const { items, total } = await repo.searchOrders(query, query.page, query.limit);
      return {
        items: items.map(({ order, email }) => toAdminOrder(order, email)),
        page: query.page,
        limit: query.limit,
        total,
      };
    },

    async order(id: string): Promise<TAdminOrder> {
      const row = await deps.ordersRepo.find(id);
      if (!row) throw notFound('Order not found');
      const owner = await deps.auth.findUserById(row.userId);
      return toAdminOrder(row, owner?.email ?? '');
    },

    async updateOrder(
      actor: UserRow,
      id: string,
      input: { takeProfit?: string | null | undefined; stopLoss?: string | null | undefined },
    ): Promise<TAdminOrder> {
      const before = await deps.ordersRepo.find(id);
      if (!before) throw notFound('Order not found');
      const after = await deps.orders.update(before.userId, id, input);
      const owner = await deps.auth.findUserById(before.userId);
      const exits = (row: OrderRow) => {
        const dto = toOrderDto(row);
        return { takeProfit: dto.takeProfit, stopLoss: dto.stopLoss, status: dto.status };
      };
      await record(actor, 'order.update', 'order', id, exits(before), exits(after));
      return toAdminOrder(after, owner?.email ?? '');
    },

    async pairs(): Promise<TAdminPair[]> {
      return (await deps.pairs.all()).map(toAdminPair);
    },

    async updatePair(
      actor: UserRow,
      symbol: string,
      input: {
        status?: 'act' | 'dis' | undefined;
        spreadPpm?: number | undefined;
        maxLeverage?: number | undefined;
      },
    ): Promise<TAdminPair> {
      const before = await deps.pairs.find(symbol.toUpperCase());
      if (!before) throw notFound(`There is no pair ${symbol}`);
      const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      const after = Object.keys(values).length > 0 ? await repo.updatePair(before.symbol, values) : before;
      if (!after) throw notFound(`There is no pair ${symbol}`);
      // Stored already: a lost announcement only delays the change until the caches expire.
      await deps.bus
        .publish(PAIRS_CHANGED_CHANNEL, { symbol: after.symbol })
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'announcing a pair change failed'));
      const view = (row: PairRow) => ({
        status: row.status,
        spreadPpm: row.spreadPpm,
        maxLeverage: row.maxLeverage,
      });
      await record(actor, 'pair.update', 'pair', before.symbol, view(before), view(after));
      return toAdminPair(after);
    },

    async settings() {
      const groups = ['general', 'trading', 'wallet', 'referral'] as const;
      const values = await Promise.all(groups.map((group) => deps.settings.read(group)));
      return Object.fromEntries(groups.map((group, index) => [group, values[index] ?? {}]));
    },

    async updateSettings(actor: UserRow, group: TSettingGroup, patch: unknown) {
      const { before, after } = await deps.settings.update(group, patch);
      await record(actor, 'settings.update', 'settings', group, before, after);
      return deps.settings.read(group);
    },

    async replyToTicket(actor: UserRow, id: string, input: z.output<typeof ZTicketMessageRequest>) {
      const { before, ticket } = await deps.tickets.reply(actor, id, input);
      await record(
        actor,
        'ticket.reply',
        'ticket',
        id,
        { status: before.status },
        { status: ticket.status, message: input.message },
      );
      return ticket;
    },

    async setTicketStatus(actor: UserRow, id: string, status: TTicketStatus) {
      const { before, ticket } = await deps.tickets.setStatus(id, status);
      await record(
        actor,
        'ticket.status',
        'ticket',
        id,
        { status: before.status },
        { status: ticket.status },
      );
      return ticket;
    },

    async audit(query: {
      action?: string | undefined;
      targetId?: string | undefined;
      page: number;
      limit: number;
    }) {
      const { items, total } = await repo.audit(query, query.page, query.limit);
      const entries: TAuditEntry[] = items.map(({ entry, email }) => ({
        id: entry.id,
        actor: { id: entry.actorId, email },
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
