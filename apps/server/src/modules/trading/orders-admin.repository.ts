import { and, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { isUuid, likeText } from '../../platform/db/search';
import { users } from '../auth/auth.schema';
import { readPageWithEmail } from '../auth/user-email-page';
import type { OrderRow } from './orders.repository';
import { orders } from './orders.schema';

/** The back-office's search over every user's orders, newest first, with the owner's e-mail. */
export function createOrdersAdminRepository(db: Database) {
  return {
    async search(
      filter: {
        q?: string | undefined;
        status?: OrderRow['status'] | undefined;
        account?: OrderRow['book'] | undefined;
      },
      page: number,
      limit: number,
    ) {
      const q = filter.q?.trim();
      const where = and(
        q
          ? or(
              eq(orders.symbol, q.toUpperCase()),
              ilike(users.email, likeText(q)),
              isUuid(q) ? eq(orders.id, q) : undefined,
              isUuid(q) ? eq(orders.userId, q) : undefined,
            )
          : undefined,
        filter.status ? eq(orders.status, filter.status) : undefined,
        filter.account ? eq(orders.book, filter.account) : undefined,
      );
      return readPageWithEmail(
        db,
        {
          table: orders,
          key: 'order',
          userColumn: orders.userId,
          where,
        },
        page,
        limit,
      );
    },
  };
}
