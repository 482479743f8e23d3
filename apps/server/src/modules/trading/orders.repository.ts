// Storage of orders and positions: inserting (also as text to write with its money in one
// statement), locking and updating, a user's history with partial closes beside their position,
// every live order for the trigger engine, equity snapshots, and removal of old unused rejections.
import { ORDER_CODE } from '@td/contracts/statuses';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  lt,
  notExists,
  sql,
  sum,
} from 'drizzle-orm';
import { removeDueBatch } from '../../platform/db/batch-removal';
import type { Database } from '../../platform/db/client';
import { lockInStatus } from '../../platform/db/locks';
import { readPage } from '../../platform/db/paging';
import type { Executor, NumberedSql, SourceInsert, Tx } from '../ledger/ledger';
import { noLedgerRefsTo } from '../ledger/ledger-refs';
import { referralCommissions } from '../referrals/referrals.schema';
import { noTicketLinksTo } from '../tickets/ticket-links';
import { equitySnapshots, orders } from './orders.schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/** Every column of an order: its field and its name in the database. */
const ORDER_COLUMNS = Object.entries(getTableColumns(orders)).map(
  ([field, column]) => [field as keyof OrderRow, column.name] as const,
);

/** The positions and parts a book of the user closed since `since` (all without it). */
export const closedOrdersOf = (userId: string, book: OrderRow['book'], since: Date | undefined) =>
  and(
    eq(orders.userId, userId),
    eq(orders.book, book),
    inArray(orders.status, [ORDER_CODE.done, ORDER_CODE.manualClose]),
    since ? gte(orders.closedAt, since) : undefined,
  );

/** A rejected order from before `before` that nothing names: no ticket, ledger entry or commission. */
const unreferencedRejected = (tx: Executor, before: Date) =>
  and(
    eq(orders.status, ORDER_CODE.rejected),
    lt(orders.createdAt, before),
    noTicketLinksTo(tx, 'order', orders.id),
    noLedgerRefsTo(tx, 'order', orders.id),
    notExists(
      tx.select({ one: sql`1` }).from(referralCommissions).where(eq(referralCommissions.orderId, orders.id)),
    ),
  );

export function createOrdersRepository(db: Database) {
  return {
    /**
     * Removes up to `limit` rejected orders made before `before`, the oldest first, keeping any a
     * ticket, the ledger or a commission names. Locked first, deleted by a second statement that
     * checks again; answers how many were looked at and removed.
     */
    removeOldRejected(before: Date, limit: number): Promise<{ examined: number; removed: number }> {
      return removeDueBatch(db, {
        table: orders,
        key: orders.id,
        oldest: orders.createdAt,
        due: (tx) => unreferencedRejected(tx, before),
        limit,
      });
    },
    async insert(tx: Executor, values: NewOrder): Promise<OrderRow | undefined> {
      const [row] = await tx.insert(orders).values(values).onConflictDoNothing().returning();
      return row;
    },
    /**
     * The insert of a complete order, to write with its money (ledger.insertWithMovement); with
     * `onlyIf`, a boolean SQL condition, nothing is inserted unless it holds.
     */
    insertSource(row: OrderRow, onlyIf?: NumberedSql): SourceInsert {
      const columns = ORDER_COLUMNS.map(([, column]) => `"${column}"`).join(', ');
      const values = (firstParam: number) =>
        ORDER_COLUMNS.map((_, index) => `$${firstParam + index}`).join(', ');
      const params = ORDER_COLUMNS.map(([field]) => {
        const value = row[field];
        if (typeof value === 'bigint') return value.toString();
        if (value instanceof Date) return value.toISOString();
        return value;
      });
      if (!onlyIf)
        return {
          text: (firstParam) =>
            `insert into orders (${columns}) values (${values(firstParam)}) on conflict do nothing returning id`,
          params,
        };
      return {
        text: (firstParam) =>
          `insert into orders (${columns}) select ${values(firstParam)} where ${onlyIf.text(firstParam + params.length)} on conflict do nothing returning id`,
        params: [...params, ...onlyIf.params],
      };
    },
    async findByClientId(userId: string, clientOrderId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.clientOrderId, clientOrderId)))
        .limit(1);
      return row;
    },
    async find(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row;
    },
    findMany(ids: readonly string[]): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(inArray(orders.id, [...ids]));
    },
    /** Locks an order for the rest of the transaction; undefined unless it is in `statuses`. */
    lock(tx: Tx, id: string, statuses: OrderRow['status'][], userId?: string): Promise<OrderRow | undefined> {
      return lockInStatus(tx, orders, id, statuses, userId);
    },
    async update(tx: Executor, id: string, values: Partial<NewOrder>): Promise<OrderRow> {
      const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
      if (!row) throw new Error(`order ${id} vanished`);
      return row;
    },
    async live(userId: string, book: OrderRow['book'], executor: Executor = db): Promise<OrderRow[]> {
      return executor
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.book, book),
            inArray(orders.status, [ORDER_CODE.pending, ORDER_CODE.active]),
          ),
        )
        .orderBy(desc(orders.createdAt));
    },
    /** Every pending order and open position of every user: the trigger engine's books. */
    async allLive(): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(inArray(orders.status, [ORDER_CODE.pending, ORDER_CODE.active]));
    },
    async list(
      userId: string,
      filter: {
        book?: OrderRow['book'];
        statuses?: OrderRow['status'][];
        symbol?: string;
        since?: Date;
        page: number;
        limit: number;
      },
    ) {
      const where = and(
        eq(orders.userId, userId),
        filter.book ? eq(orders.book, filter.book) : undefined,
        filter.statuses?.length ? inArray(orders.status, filter.statuses) : undefined,
        filter.symbol ? eq(orders.symbol, filter.symbol) : undefined,
        filter.since ? gte(orders.createdAt, filter.since) : undefined,
      );
      // A partial close sits with the position it was closed from: right after it, in the order
      // the parts were closed, where the position was placed (newest positions first).
      const groupAt = sql`coalesce((select parent.created_at from orders parent where parent.id = ${orders.parentId}), ${orders.createdAt})`;
      const { items, total } = await readPage(
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(
            desc(groupAt),
            desc(sql`coalesce(${orders.parentId}, ${orders.id})`),
            sql`${orders.parentId} is not null`,
            asc(orders.createdAt),
            asc(orders.id),
          )
          .$dynamic(),
        db.select({ n: count() }).from(orders).where(where),
        filter.page,
        filter.limit,
      );
      return { items, total };
    },
    /** Each user's real-account volume traded (amounts of the orders that opened), in cents. */
    async realVolumes(userIds: string[]): Promise<Map<string, bigint>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: orders.userId, volume: sum(orders.amountCents) })
        .from(orders)
        .where(and(inArray(orders.userId, userIds), eq(orders.book, 'real'), isNotNull(orders.openedAt)))
        .groupBy(orders.userId);
      return new Map(rows.map((row) => [row.userId, BigInt(row.volume ?? 0)]));
    },

    /** A book's daily equity snapshots since `sinceMs` (all without it), oldest first. */
    equitySince(userId: string, book: OrderRow['book'], sinceMs: number | undefined) {
      return db
        .select({ t: equitySnapshots.dayMs, equity: equitySnapshots.equityCents })
        .from(equitySnapshots)
        .where(
          and(
            eq(equitySnapshots.userId, userId),
            eq(equitySnapshots.book, book),
            sinceMs === undefined ? undefined : gte(equitySnapshots.dayMs, sinceMs),
          ),
        )
        .orderBy(asc(equitySnapshots.dayMs));
    },

    async realizedPnl(userId: string, book: OrderRow['book'], since?: Date): Promise<bigint> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${orders.pnlCents}), 0)` })
        .from(orders)
        .where(closedOrdersOf(userId, book, since));
      return BigInt(row?.total ?? '0');
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
