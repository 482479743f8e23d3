// Whether a ledger transaction names a row (an order, a wallet transaction): money moved for it.
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client';
import { ledgerTransactions } from './ledger.schema';

/** The condition that no ledger transaction refers to the row whose id is `id`, as `refType`. */
export const noLedgerRefsTo = (tx: Executor, refType: string, id: PgColumn) =>
  notExists(
    tx
      .select({ one: sql`1` })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.refType, refType), eq(ledgerTransactions.refId, sql`${id}::text`))),
  );
