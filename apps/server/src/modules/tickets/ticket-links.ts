// Whether a ticket names a row (an order or a wallet transaction): one a ticket names is kept.
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client';
import { tickets } from './tickets.schema';

/** The condition that no ticket links to the row whose id is `id`, as a link of `linkKind`. */
export const noTicketLinksTo = (tx: Executor, linkKind: 'order' | 'transaction', id: PgColumn) =>
  notExists(
    tx
      .select({ one: sql`1` })
      .from(tickets)
      .where(and(eq(tickets.linkKind, linkKind), eq(tickets.linkId, sql`${id}::text`))),
  );
