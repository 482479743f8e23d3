import type { TOrder } from '@td/contracts/trading';

/** When an order of History happened, as its row shows it. */
export interface TTradeTimes {
  /** When it opened as a position (a part: when its position opened); null if it never filled. */
  opened: string | null;
  /** When it was placed, shown where it never opened (a pending, cancelled or rejected order). */
  placed: string | null;
  /** When it closed (or was cancelled or refused); null while it is open or waiting. */
  closed: string | null;
}

export function tradeTimes(order: Pick<TOrder, 'createdAt' | 'openedAt' | 'closedAt'>): TTradeTimes {
  return {
    opened: order.openedAt,
    placed: order.openedAt === null ? order.createdAt : null,
    closed: order.closedAt,
  };
}

/**
 * The row's place in its group: a partial close is a part of the position it was closed from (the
 * server lists it right after it); any other order stands alone.
 */
export function partOf(order: Pick<TOrder, 'parentId'>): string | null {
  return order.parentId;
}

/** The positions of these rows that have parts closed on this page: they head a group. */
export function groupHeads(orders: readonly Pick<TOrder, 'id' | 'parentId'>[]): ReadonlySet<string> {
  const heads = new Set<string>();
  for (const order of orders) if (order.parentId) heads.add(order.parentId);
  return heads;
}
