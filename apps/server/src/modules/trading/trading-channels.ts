import { ZAccount } from '@td/contracts/enums';
import { ZOrder } from '@td/contracts/trading';
import { z } from 'zod';
import { type Bus, defineChannel } from '../../platform/bus/bus';
import type { Logger } from '../../platform/logger';
import { toOrderDto } from './order-dto';
import type { OrderRow } from './orders.repository';

/**
 * An order was placed, filled, edited, closed or cancelled, as its owner sees it: the order and
 * its book, for the user's stream room. The trigger engine reads the same message for the order's
 * id alone (`ORDER_CHANGES_CHANNEL`), so a change costs one message whoever listens.
 */
export const USER_EVENTS_CHANNEL = defineChannel(
  'user.events',
  z.object({ userId: z.string(), book: ZAccount, kind: z.literal('order'), order: ZOrder }),
);

/**
 * A trailing stop-loss the trigger engine moved and saved: the order as its owner sees it now, for
 * the user's stream alone (sent as an `order` event). Apart from `USER_EVENTS_CHANNEL` so that the
 * engine, which made the move, does not reload the order after each one.
 */
export const TRAILING_MOVES_CHANNEL = defineChannel(
  'user.trailingMoves',
  z.object({ userId: z.string(), order: ZOrder }),
);

/** The user events as the trigger engine reads them: which order changed (it reloads the row). */
export const ORDER_CHANGES_CHANNEL = defineChannel(
  USER_EVENTS_CHANNEL.name,
  z.object({ kind: z.literal('order'), order: z.object({ id: z.string() }) }),
);

/**
 * Tells the trigger engine and the user's stream that an order changed. Best effort after the
 * commit: a lost announcement is repaired by the engine's reload and the client's refetch.
 */
export function createOrderAnnouncer(deps: { bus: Bus; logger: Logger }) {
  return (row: OrderRow): void => {
    deps.bus
      .publish(USER_EVENTS_CHANNEL, {
        userId: row.userId,
        book: row.book,
        kind: 'order',
        order: toOrderDto(row),
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'announcing an order failed'));
  };
}
export type AnnounceOrder = ReturnType<typeof createOrderAnnouncer>;

/** Tells the user's stream that the engine moved a trailing stop-loss (best effort, as above). */
export function createTrailingAnnouncer(deps: { bus: Bus; logger: Logger }) {
  return (row: OrderRow): void => {
    deps.bus
      .publish(TRAILING_MOVES_CHANNEL, { userId: row.userId, order: toOrderDto(row) })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'announcing a trailing stop failed'));
  };
}
