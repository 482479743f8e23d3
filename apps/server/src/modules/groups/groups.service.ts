// Client groups, which set each client's margin mode and levels, spread markup, leverage, fees and
// swap: the back-office's list, changes and moves of users between groups (audited), and the
// write-off list. A new margin rule applies at once: open positions get new liquidation prices.
import { formatScaled, parseScaled } from '@td/contracts/decimal';
import {
  DEFAULT_LEVELS,
  type TClientGroup,
  type TClientGroupCreateRequest,
  type TClientGroupUpdateRequest,
  type TWriteOff,
} from '@td/contracts/groups';
import { ORDER_CODE } from '@td/contracts/statuses';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { readPage } from '../../platform/db/paging';
import { updateById } from '../../platform/db/rows';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../admin/audit';
import { users } from '../auth/auth.schema';
import type { Executor, Tx } from '../ledger/ledger';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger.schema';
import { liquidationFor, riskOf } from '../trading/account-risk';
import type { OrderRow } from '../trading/orders.repository';
import { orders } from '../trading/orders.schema';
import { clientGroups } from './groups.schema';

export type GroupRow = typeof clientGroups.$inferSelect;

const PPM = 1_000_000;

/** A group as the back-office reads it. */
export const toGroupDto = (row: GroupRow, members: number): TClientGroup => ({
  id: row.id,
  name: row.name,
  marginMode: row.marginMode,
  marginCallLevel: row.marginCallLevel,
  stopOutLevel: row.stopOutLevel,
  spreadMarkup: {
    crypto: formatScaled(row.spreadMarkupCryptoBp, 2),
    forex: formatScaled(row.spreadMarkupForexBp, 2),
    stocks: formatScaled(row.spreadMarkupStocksBp, 2),
  },
  maxLeverage: { crypto: row.maxLeverageCrypto, forex: row.maxLeverageForex, stocks: row.maxLeverageStocks },
  openingFeeRate: row.openingFeePpm === null ? null : formatScaled(row.openingFeePpm, 6),
  swapFree: row.swapFree,
  isDefault: row.isDefault,
  users: members,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit log keeps of a group. */
const auditGroup = (row: GroupRow) => {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
};

const levelProblem = (field: string, message: string) =>
  badRequest(message, [{ field: `body.${field}`, message }]);

/** The columns a create or an update request writes (only those it names). */
function columnsOf(input: TClientGroupUpdateRequest): Partial<typeof clientGroups.$inferInsert> {
  const values: Partial<typeof clientGroups.$inferInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.marginMode !== undefined) values.marginMode = input.marginMode;
  if (input.marginCallLevel !== undefined) values.marginCallLevel = input.marginCallLevel;
  if (input.stopOutLevel !== undefined) values.stopOutLevel = input.stopOutLevel;
  const markup = input.spreadMarkup;
  const bp = (text: string | number) => Number(parseScaled(String(text), 2));
  if (markup?.crypto !== undefined) values.spreadMarkupCryptoBp = bp(markup.crypto);
  if (markup?.forex !== undefined) values.spreadMarkupForexBp = bp(markup.forex);
  if (markup?.stocks !== undefined) values.spreadMarkupStocksBp = bp(markup.stocks);
  const leverage = input.maxLeverage;
  if (leverage?.crypto !== undefined) values.maxLeverageCrypto = leverage.crypto;
  if (leverage?.forex !== undefined) values.maxLeverageForex = leverage.forex;
  if (leverage?.stocks !== undefined) values.maxLeverageStocks = leverage.stocks;
  if (input.openingFeeRate !== undefined)
    values.openingFeePpm =
      input.openingFeeRate === null ? null : Math.round(Number(input.openingFeeRate) * PPM);
  if (input.swapFree !== undefined) values.swapFree = input.swapFree;
  if (input.isDefault !== undefined) values.isDefault = input.isDefault;
  return values;
}

/** 10 ≤ stop-out < margin call ≤ 1000, as the group will be (bounds of each alone are the schema's). */
function checkLevels(levels: { marginCallLevel: number; stopOutLevel: number }) {
  if (levels.stopOutLevel >= levels.marginCallLevel)
    throw levelProblem('stopOutLevel', 'Stop-out level must be below the margin call level');
}

const isUniqueViolation = (error: unknown) => {
  for (let current = error; current && typeof current === 'object'; ) {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
};

/**
 * A changed group's `updated_at`: later than the one it replaces even within the same instant, as
 * an order's insert holds only while the version it read is still the group's (`termsHold`).
 */
const NEXT_VERSION = sql`greatest(clock_timestamp(), ${clientGroups.updatedAt} + interval '1 microsecond')`;

/**
 * Client groups: the back-office's list, creation and changes (audited), a user moved to another
 * group (audited), and what trading reads of them. The margin rule (mode and levels) applies at
 * once: open positions of the group get the liquidation price of the new rule in the same
 * transaction, and each is announced so the trigger engine and the user's screens follow.
 */
export function createGroupsService(deps: {
  db: Database;
  audit: AuditLog;
  /** Tells the trigger engine and the user that a position changed (after the commit). */
  announce: (row: OrderRow) => void;
}) {
  const { db } = deps;

  const members = async (executor: Executor, groupIds: string[]) => {
    if (groupIds.length === 0) return new Map<string, number>();
    const rows = await executor
      .select({ groupId: users.groupId, n: count() })
      .from(users)
      .where(inArray(users.groupId, groupIds))
      .groupBy(users.groupId);
    return new Map(rows.map((row) => [row.groupId, row.n]));
  };

  const lockGroup = async (tx: Tx, id: string) => {
    const [row] = await tx.select().from(clientGroups).where(eq(clientGroups.id, id)).for('update');
    if (!row) throw notFound('Group not found');
    return row;
  };

  /** Setting a default unsets the previous one, in the caller's transaction. */
  const unsetDefault = (tx: Tx, exceptId?: string) =>
    tx
      .update(clientGroups)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(
        exceptId
          ? and(eq(clientGroups.isDefault, true), sql`${clientGroups.id} <> ${exceptId}`)
          : eq(clientGroups.isDefault, true),
      );

  /**
   * The open positions of these users (or of a group's users) under their group's rule as it is
   * now: each position locked and given its new liquidation price. Returns them all, to announce.
   */
  const relevel = async (tx: Tx, who: { groupId: string } | { userId: string }): Promise<OrderRow[]> => {
    const owners =
      'groupId' in who
        ? tx.select({ id: users.id }).from(users).where(eq(users.groupId, who.groupId))
        : tx.select({ id: users.id }).from(users).where(eq(users.id, who.userId));
    const open = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, ORDER_CODE.active), inArray(orders.userId, owners)))
      .orderBy(asc(orders.id))
      .for('update');
    const changed: OrderRow[] = [];
    const risks = new Map<string, Awaited<ReturnType<typeof riskOf>>>();
    for (const row of open) {
      if (row.price === null) continue;
      let risk = risks.get(row.userId);
      if (!risk) {
        risk = await riskOf(tx, row.userId);
        risks.set(row.userId, risk);
      }
      const price = liquidationFor(risk, row.side, row.amountCents, row.marginCents, row.price);
      // Announced even when unchanged: the trigger engine reads the account's new levels with it.
      if (price === row.liquidationPrice) {
        changed.push(row);
        continue;
      }
      const updated = await updateById(tx, orders, row.id, { liquidationPrice: price });
      if (updated) changed.push(updated);
    }
    return changed;
  };

  const saving = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('A group with this name exists already', [
          { field: 'body.name', message: 'A group with this name exists already' },
        ]);
      throw error;
    }
  };

  return {
    async list(): Promise<TClientGroup[]> {
      const rows = await db
        .select()
        .from(clientGroups)
        .orderBy(desc(clientGroups.isDefault), asc(clientGroups.name));
      const counts = await members(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toGroupDto(row, counts.get(row.id) ?? 0));
    },

    async create(actor: AuditActor, input: TClientGroupCreateRequest): Promise<TClientGroup> {
      const mode = input.marginMode ?? 'isolated';
      const levels = {
        marginCallLevel: input.marginCallLevel ?? DEFAULT_LEVELS[mode].marginCallLevel,
        stopOutLevel: input.stopOutLevel ?? DEFAULT_LEVELS[mode].stopOutLevel,
      };
      checkLevels(levels);
      const created = await saving(() =>
        db.transaction(async (tx) => {
          if (input.isDefault) await unsetDefault(tx);
          const [row] = await tx
            .insert(clientGroups)
            .values({ ...columnsOf(input), name: input.name, marginMode: mode, ...levels })
            .returning();
          if (!row) throw new Error('group insert returned nothing');
          await deps.audit.record(
            actor,
            {
              action: 'group.create',
              targetType: 'group',
              targetId: row.id,
              before: null,
              after: auditGroup(row),
            },
            tx,
          );
          return row;
        }),
      );
      return toGroupDto(created, 0);
    },

    async update(actor: AuditActor, id: string, input: TClientGroupUpdateRequest): Promise<TClientGroup> {
      const { row, changed } = await saving(() =>
        db.transaction(async (tx) => {
          const before = await lockGroup(tx, id);
          const values = columnsOf(input);
          // A new mode without levels takes that mode's defaults.
          if (input.marginMode && input.marginMode !== before.marginMode) {
            values.marginCallLevel ??= DEFAULT_LEVELS[input.marginMode].marginCallLevel;
            values.stopOutLevel ??= DEFAULT_LEVELS[input.marginMode].stopOutLevel;
          }
          checkLevels({
            marginCallLevel: values.marginCallLevel ?? before.marginCallLevel,
            stopOutLevel: values.stopOutLevel ?? before.stopOutLevel,
          });
          if (input.isDefault) await unsetDefault(tx, id);
          const row = await updateById(tx, clientGroups, id, { ...values, updatedAt: NEXT_VERSION });
          if (!row) throw notFound('Group not found');
          await deps.audit.record(
            actor,
            {
              action: 'group.update',
              targetType: 'group',
              targetId: id,
              before: auditGroup(before),
              after: auditGroup(row),
            },
            tx,
          );
          const isRuleChanged =
            row.marginMode !== before.marginMode ||
            row.stopOutLevel !== before.stopOutLevel ||
            row.marginCallLevel !== before.marginCallLevel;
          return { row, changed: isRuleChanged ? await relevel(tx, { groupId: id }) : [] };
        }),
      );
      for (const order of changed) deps.announce(order);
      return toGroupDto(row, (await members(db, [row.id])).get(row.id) ?? 0);
    },

    /** Moves a user to a group (audited); their open positions follow its rule at once. */
    async setUserGroup(actor: AuditActor, userId: string, groupId: string) {
      const { group, changed } = await db.transaction(async (tx) => {
        const group = await lockGroup(tx, groupId);
        const [before] = await tx
          .select({ groupId: users.groupId })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!before) throw notFound('User not found');
        await tx.update(users).set({ groupId, updatedAt: new Date() }).where(eq(users.id, userId));
        await deps.audit.record(
          actor,
          {
            action: 'user.group',
            targetType: 'user',
            targetId: userId,
            before: { groupId: before.groupId },
            after: { groupId },
          },
          tx,
        );
        return { group, changed: before.groupId === groupId ? [] : await relevel(tx, { userId }) };
      });
      for (const order of changed) deps.announce(order);
      return { userId, group: { id: group.id, name: group.name, marginMode: group.marginMode } };
    },

    /** A user's group, as the back-office shows it on the user's page. */
    async groupOf(userId: string) {
      const [row] = await db
        .select({ id: clientGroups.id, name: clientGroups.name, marginMode: clientGroups.marginMode })
        .from(users)
        .innerJoin(clientGroups, eq(clientGroups.id, users.groupId))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /**
     * The write-offs: each close whose loss went beyond what the account held, the part the house
     * took over, newest first.
     */
    async writeOffs(page: number, limit: number): Promise<{ items: TWriteOff[]; total: number }> {
      const house = db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.book, 'house'), eq(ledgerAccounts.kind, 'write_offs')));
      const where = and(inArray(ledgerEntries.accountId, house), eq(ledgerTransactions.kind, 'close'));
      const { items: rows, total } = await readPage(
        db
          .select({
            id: ledgerTransactions.id,
            amount: ledgerEntries.amountCents,
            createdAt: ledgerTransactions.createdAt,
            orderId: orders.id,
            userId: orders.userId,
            book: orders.book,
            symbol: orders.symbol,
            email: users.email,
          })
          .from(ledgerEntries)
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .innerJoin(orders, sql`${orders.id}::text = ${ledgerTransactions.refId}`)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(where)
          .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
          .$dynamic(),
        db
          .select({ n: count() })
          .from(ledgerEntries)
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(where),
        page,
        limit,
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          userId: row.userId,
          userEmail: row.email,
          account: row.book,
          orderId: row.orderId,
          symbol: row.symbol,
          amount: formatScaled(-row.amount, 2),
          createdAt: row.createdAt.toISOString(),
        })),
        total,
      };
    },
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;

/**
 * The users whose client group is swap-free: the swap charge leaves their positions alone. One
 * read for a whole rollover.
 */
export async function swapFreeUserIds(db: Executor): Promise<Set<string>> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(clientGroups, eq(clientGroups.id, users.groupId))
    .where(eq(clientGroups.swapFree, true));
  return new Set(rows.map((row) => row.id));
}
