// The back-office's work on orders: search with the owner's e-mail, read one, and change a
// position's take profit or stop loss, each change audited.
import type { TAdminOrder } from '@td/contracts/admin';
import type { Database } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../admin/audit';
import { toOrderDto } from './order-dto';
import type { OrderRow, OrdersRepository } from './orders.repository';
import type { OrdersService } from './orders.service';
import { createOrdersAdminRepository } from './orders-admin.repository';

const toAdminOrder = (row: OrderRow, email: string): TAdminOrder => ({
  ...toOrderDto(row),
  userId: row.userId,
  userEmail: email,
});

/** What the audit log keeps of an order an administrator changed. */
const auditExits = (row: OrderRow) => {
  const dto = toOrderDto(row);
  return { takeProfit: dto.takeProfit, stopLoss: dto.stopLoss, status: dto.status };
};

/** The back-office's operations on orders: search, read, and a position's exits changed (audited). */
export function createOrdersAdmin(deps: {
  db: Database;
  repo: OrdersRepository;
  orders: Pick<OrdersService, 'update'>;
  audit: AuditLog;
  /** The owner's e-mail, shown beside the order. */
  emailOf: (userId: string) => Promise<string | undefined>;
}) {
  const search = createOrdersAdminRepository(deps.db);
  const found = async (id: string) => {
    const row = await deps.repo.find(id);
    if (!row) throw notFound('Order not found');
    return row;
  };
  return {
    async list(query: {
      q?: string | undefined;
      status?: OrderRow['status'] | undefined;
      account?: OrderRow['book'] | undefined;
      page: number;
      limit: number;
    }) {
      const { items, total } = await search.search(query, query.page, query.limit);
      return {
        items: items.map(({ order, email }) => toAdminOrder(order, email)),
        page: query.page,
        limit: query.limit,
        total,
      };
    },

    async get(id: string): Promise<TAdminOrder> {
      const row = await found(id);
      return toAdminOrder(row, (await deps.emailOf(row.userId)) ?? '');
    },

    async update(
      actor: AuditActor,
      id: string,
      input: { takeProfit?: string | null | undefined; stopLoss?: string | null | undefined },
    ): Promise<TAdminOrder> {
      const before = await found(id);
      const after = await deps.orders.update(before.userId, id, input);
      await deps.audit.record(actor, {
        action: 'order.update',
        targetType: 'order',
        targetId: id,
        before: auditExits(before),
        after: auditExits(after),
      });
      return toAdminOrder(after, (await deps.emailOf(before.userId)) ?? '');
    },
  };
}
export type OrdersAdmin = ReturnType<typeof createOrdersAdmin>;
