import { and, count, desc, eq, getTableColumns, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import type { Executor, SourceInsert, Tx } from '../ledger/ledger';
import { orders } from './orders.schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/** Every column of an order: its field and its name in the database. */
const ORDER_COLUMNS = Object.entries(getTableColumns(orders)).map(
  ([field, column]) => [field as keyof OrderRow, column.name] as const,
);

export function createOrdersRepository(db: Database) {
  return {
    async insert(tx: Executor, values: NewOrder): Promise<OrderRow | undefined> {
      const [row] = await tx.insert(orders).values(values).onConflictDoNothing().returning();
      return row;
    },
    /** The insert of a complete order, to write with its money (ledger.insertWithMovement). */
    insertSource(row: OrderRow): SourceInsert {
      return {
        text: (firstParam) =>
          `insert into orders (${ORDER_COLUMNS.map(([, column]) => `"${column}"`).join(', ')}) values (${ORDER_COLUMNS.map(
            (_, index) => `$${firstParam + index}`,
          ).join(', ')}) on conflict do nothing returning id`,
        params: ORDER_COLUMNS.map(([field]) => {
          const value = row[field];
          if (typeof value === 'bigint') return value.toString();
          if (value instanceof Date) return value.toISOString();
          return value;
        }),
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
    /** Locks an order for the rest of the transaction; undefined unless it is in `statuses`. */
    async lock(
      tx: Tx,
      id: string,
      statuses: OrderRow['status'][],
      userId?: string,
    ): Promise<OrderRow | undefined> {
      const [row] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.id, id),
            inArray(orders.status, statuses),
            userId ? eq(orders.userId, userId) : undefined,
          ),
        )
        .for('update');
      return row;
    },
    async update(tx: Executor, id: string, values: Partial<NewOrder>): Promise<OrderRow> {
      const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
      if (!row) throw new Error(`order ${id} vanished`);
      return row;
    },
    async live(userId: string, book: OrderRow['book']): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.book, book), inArray(orders.status, ['pnd', 'act'])))
        .orderBy(desc(orders.createdAt));
    },
    /** Every pending order and open position of every user: the trigger engine's books. */
    async allLive(): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(inArray(orders.status, ['pnd', 'act']));
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
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    async realizedPnl(userId: string, book: OrderRow['book'], since?: Date): Promise<bigint> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${orders.pnlCents}), 0)` })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.book, book),
            inArray(orders.status, ['exc', 'mcl']),
            since ? gte(orders.closedAt, since) : undefined,
          ),
        );
      return BigInt(row?.total ?? '0');
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
