import { ZAccount } from '@td/contracts/constants';
import { ZOrder } from '@td/contracts/trading';
import { z } from 'zod';
import { type Bus, defineChannel } from '../../platform/bus/bus';
import type { Logger } from '../../platform/logger';
import { toOrderDto } from './order-dto';
import type { OrderRow } from './orders.repository';

/** An order was placed, filled, edited, closed or cancelled: the trigger engine reloads it. */
export const ORDERS_CHANGED_CHANNEL = defineChannel('orders.changed', z.object({ orderId: z.string() }));

/** The same change as the user sees it, for their stream room: the order and its book. */
export const USER_EVENTS_CHANNEL = defineChannel(
  'user.events',
  z.object({ userId: z.string(), book: ZAccount, kind: z.literal('order'), order: ZOrder }),
);

/**
 * Tells the trigger engine and the user's stream that an order changed. Best effort after the
 * commit: a lost announcement is repaired by the engine's reload and the client's refetch.
 */
export function createOrderAnnouncer(deps: { bus: Bus; logger: Logger }) {
  return (row: OrderRow): void => {
    const events = [
      deps.bus.publish(ORDERS_CHANGED_CHANNEL, { orderId: row.id }),
      deps.bus.publish(USER_EVENTS_CHANNEL, {
        userId: row.userId,
        book: row.book,
        kind: 'order',
        order: toOrderDto(row),
      }),
    ];
    Promise.all(events).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'announcing an order failed'),
    );
  };
}
export type AnnounceOrder = ReturnType<typeof createOrderAnnouncer>;
