// Storage of the crypto wallet: users' deposit addresses and derivation indexes, each network's
// last block read, deposits and withdrawals with their statuses, the sums behind withdrawal limits,
// withdrawal address history, and removal of stale unconfirmed withdrawal quotes.
import { PAYMENT_CODE } from '@td/contracts/statuses';
import type { TChainFamily } from '@td/contracts/wallet';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { removeDueBatch } from '../../platform/db/batch-removal';
import type { Database } from '../../platform/db/client';
import { lockInStatus } from '../../platform/db/locks';
import { readNewestPage } from '../../platform/db/paging';
import { updateById } from '../../platform/db/rows';
import { users } from '../auth/auth.schema';
import type { Executor, Tx } from '../ledger/ledger';
import { noLedgerRefsTo } from '../ledger/ledger-refs';
import { noTicketLinksTo } from '../tickets/ticket-links';
import {
  chainCursors,
  type WalletTxRow,
  walletAddresses,
  walletKeys,
  walletTransactions,
} from './wallet.schema';

export type NewWalletTx = typeof walletTransactions.$inferInsert;

/** Withdrawal statuses of funds that left for the address: sent, then confirmed. */
const WENT_OUT = [PAYMENT_CODE.sent, PAYMENT_CODE.confirmed];
/** A withdrawal held and on its way or gone: what a daily withdrawal limit counts. */
const COUNTS_AGAINST_LIMIT = [
  PAYMENT_CODE.processing,
  PAYMENT_CODE.underReview,
  PAYMENT_CODE.sent,
  PAYMENT_CODE.confirmed,
  PAYMENT_CODE.walletError,
  PAYMENT_CODE.broadcastRefused,
];

/** The user's withdrawals, whatever their status. */
const withdrawalsOf = (userId: string) =>
  and(eq(walletTransactions.userId, userId), eq(walletTransactions.kind, 'withdrawal'));

/** A quote never confirmed (Pending, nothing held) that nothing names: no ticket, no ledger entry. */
const unreferencedQuote = (tx: Executor, before: Date) =>
  and(
    eq(walletTransactions.kind, 'withdrawal'),
    eq(walletTransactions.status, PAYMENT_CODE.pending),
    lt(walletTransactions.createdAt, before),
    noTicketLinksTo(tx, 'transaction', walletTransactions.id),
    noLedgerRefsTo(tx, 'wallet', walletTransactions.id),
  );

/** A deposit recorded from a transaction, as the watchers tell one transfer from another. */
export interface RecordedDeposit {
  id: string;
  txHash: string | null;
  logIndex: number | null;
  address: string;
  token: string | null;
  coinUnits: string;
}

/** Withdrawals that ended in a failure someone must look at. */
const FAILED = [
  PAYMENT_CODE.failed,
  PAYMENT_CODE.walletError,
  PAYMENT_CODE.broadcastRefused,
  PAYMENT_CODE.dropped,
];

export function createWalletRepository(db: Database) {
  return {
    /** Withdrawals that failed since `since` (the metrics' alert on failed withdrawals). */
    async failedWithdrawalsSince(since: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.kind, 'withdrawal'),
            inArray(walletTransactions.status, FAILED),
            gte(walletTransactions.updatedAt, since),
          ),
        );
      return Number(row?.count ?? 0);
    },
    /** The user's derivation index, handed out once. */
    async derivationIndex(userId: string): Promise<number> {
      await db.insert(walletKeys).values({ userId }).onConflictDoNothing();
      const [row] = await db.select().from(walletKeys).where(eq(walletKeys.userId, userId));
      if (!row) throw new Error('wallet key row missing');
      return row.derivationIndex;
    },
    async findAddress(userId: string, family: TChainFamily) {
      const [row] = await db
        .select()
        .from(walletAddresses)
        .where(and(eq(walletAddresses.userId, userId), eq(walletAddresses.family, family)));
      return row;
    },
    async insertAddress(values: typeof walletAddresses.$inferInsert): Promise<void> {
      await db.insert(walletAddresses).values(values).onConflictDoNothing();
    },
    /** Address (as stored) → user, for one family. */
    async addressBook(family: TChainFamily): Promise<Map<string, string>> {
      const rows = await db
        .select({ address: walletAddresses.address, userId: walletAddresses.userId })
        .from(walletAddresses)
        .where(eq(walletAddresses.family, family));
      return new Map(rows.map((row) => [row.address, row.userId]));
    },

    async cursor(network: string) {
      const [row] = await db.select().from(chainCursors).where(eq(chainCursors.network, network));
      return row;
    },
    async saveCursor(tx: Executor, network: string, lastBlock: number, lastHash: string | null) {
      await tx
        .insert(chainCursors)
        .values({ network, lastBlock, lastHash })
        .onConflictDoUpdate({
          target: chainCursors.network,
          set: { lastBlock, lastHash, updatedAt: new Date() },
        });
    },

    async insertDeposit(tx: Executor, values: NewWalletTx): Promise<WalletTxRow | undefined> {
      const [row] = await tx.insert(walletTransactions).values(values).onConflictDoNothing().returning();
      return row;
    },
    async find(id: string): Promise<WalletTxRow | undefined> {
      const [row] = await db.select().from(walletTransactions).where(eq(walletTransactions.id, id));
      return row;
    },
    async insert(values: NewWalletTx): Promise<WalletTxRow> {
      const [row] = await db.insert(walletTransactions).values(values).returning();
      if (!row) throw new Error('wallet transaction insert returned nothing');
      return row;
    },
    /** Locks a row for the rest of the transaction; undefined unless it is in `statuses`. */
    lock(tx: Tx, id: string, statuses: string[], userId?: string): Promise<WalletTxRow | undefined> {
      return lockInStatus(tx, walletTransactions, id, statuses, userId);
    },
    async update(tx: Executor, id: string, values: Partial<NewWalletTx>): Promise<WalletTxRow> {
      const row = await updateById(tx, walletTransactions, id, { ...values, updatedAt: new Date() });
      if (!row) throw new Error(`wallet transaction ${id} vanished`);
      return row;
    },
    /**
     * Deletes a deposit only while it is still pending, in one conditional statement: one credited
     * meanwhile (by another watcher) keeps its row, and with it the key that credits it once.
     * True when it was deleted.
     */
    async removePending(tx: Executor, id: string): Promise<boolean> {
      const deleted = await tx
        .delete(walletTransactions)
        .where(and(eq(walletTransactions.id, id), eq(walletTransactions.status, PAYMENT_CODE.pending)))
        .returning({ id: walletTransactions.id });
      return deleted.length > 0;
    },
    async byStatus(
      network: string,
      kind: 'deposit' | 'withdrawal',
      statuses: string[],
    ): Promise<WalletTxRow[]> {
      return db
        .select()
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.network, network),
            eq(walletTransactions.kind, kind),
            inArray(walletTransactions.status, statuses),
          ),
        )
        .orderBy(asc(walletTransactions.createdAt));
    },
    /** The deposits recorded on a network from these transactions, whatever their status. */
    async recordedDeposits(network: string, txHashes: string[]): Promise<RecordedDeposit[]> {
      if (txHashes.length === 0) return [];
      return db
        .select({
          id: walletTransactions.id,
          txHash: walletTransactions.txHash,
          logIndex: walletTransactions.logIndex,
          address: walletTransactions.address,
          token: walletTransactions.token,
          coinUnits: walletTransactions.coinUnits,
        })
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.network, network),
            eq(walletTransactions.kind, 'deposit'),
            inArray(walletTransactions.txHash, [...new Set(txHashes)]),
          ),
        );
    },
    /**
     * The USD cents of the user's withdrawals held since `since` and not given back (refused,
     * cancelled or failed ones returned their funds and do not count against a daily limit).
     */
    async withdrawnSince(executor: Executor, userId: string, since: Date): Promise<bigint> {
      const [row] = await executor
        .select({ total: sql<string | null>`sum(${walletTransactions.amountCents})` })
        .from(walletTransactions)
        .where(
          and(
            withdrawalsOf(userId),
            inArray(walletTransactions.status, COUNTS_AGAINST_LIMIT),
            gte(walletTransactions.heldAt, since),
          ),
        );
      return BigInt(row?.total ?? 0);
    },
    /**
     * When the user first sent a withdrawal to this address (undefined: never). Only one that went
     * out counts (sent or confirmed): one cancelled, rejected or failed sent nothing there.
     */
    async firstUseOf(userId: string, network: string, address: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ first: sql<Date | string | null>`min(${walletTransactions.heldAt})` })
        .from(walletTransactions)
        .where(
          and(
            withdrawalsOf(userId),
            eq(walletTransactions.network, network),
            eq(walletTransactions.address, address),
            inArray(walletTransactions.status, WENT_OUT),
            isNotNull(walletTransactions.heldAt),
          ),
        );
      return row?.first ? new Date(row.first) : undefined;
    },
    /**
     * Whether the user's account is active (not suspended, not deleted). With `tx`, the user row is
     * share-locked for the rest of the transaction, so a suspension waits for what is decided on it.
     */
    async isAccountActive(userId: string, tx?: Tx): Promise<boolean> {
      const query = (tx ?? db).select({ status: users.status }).from(users).where(eq(users.id, userId));
      const [row] = tx ? await query.for('share') : await query;
      return row?.status === 'act';
    },
    /**
     * Removes up to `limit` withdrawal quotes made before `before` and never confirmed, the oldest
     * first; a quote a ticket names is kept. Answers how many were looked at and removed. The rows
     * are locked first (a confirmation under way is skipped), then deleted by a second statement
     * that checks again what names them.
     */
    removeStaleQuotes(before: Date, limit: number): Promise<{ examined: number; removed: number }> {
      return removeDueBatch(db, {
        table: walletTransactions,
        key: walletTransactions.id,
        oldest: walletTransactions.createdAt,
        due: (tx) => unreferencedQuote(tx, before),
        limit,
      });
    },
    /** Past withdrawal addresses of a user, most recent first. */
    async addressBookOf(userId: string, limit = 20) {
      return db
        .select({
          address: walletTransactions.address,
          network: walletTransactions.network,
          coin: walletTransactions.coin,
          lastUsed: sql<Date | string>`max(${walletTransactions.createdAt})`,
        })
        .from(walletTransactions)
        .where(and(withdrawalsOf(userId), isNotNull(walletTransactions.heldAt)))
        .groupBy(walletTransactions.address, walletTransactions.network, walletTransactions.coin)
        .orderBy(desc(sql`max(${walletTransactions.createdAt})`))
        .limit(limit);
    },
    /** The e-mails of a page's users, for the back-office. */
    async emailsOf(userIds: string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, [...new Set(userIds)]));
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    async list(
      filter: {
        userId?: string;
        kind?: 'deposit' | 'withdrawal';
        status?: string;
        network?: string;
        since?: Date;
      },
      page: number,
      limit: number,
    ): Promise<{ items: WalletTxRow[]; total: number }> {
      const where = and(
        filter.userId ? eq(walletTransactions.userId, filter.userId) : undefined,
        filter.kind ? eq(walletTransactions.kind, filter.kind) : undefined,
        filter.status ? eq(walletTransactions.status, filter.status) : undefined,
        filter.network ? eq(walletTransactions.network, filter.network) : undefined,
        filter.since ? gte(walletTransactions.createdAt, filter.since) : undefined,
      );
      return readNewestPage(db, walletTransactions, where, page, limit);
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
