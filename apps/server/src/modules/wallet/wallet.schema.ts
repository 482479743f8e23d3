import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, generatedId, requiredRef } from '../../platform/db/columns';
import { userOwned, users } from '../auth/auth.schema';

/**
 * One HD derivation index per user, handed out by a sequence: never reused across users, and the
 * same for the user's EVM, Tron and Bitcoin addresses.
 */
export const walletKeys = pgTable('wallet_keys', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  derivationIndex: serial('derivation_index').notNull().unique('wallet_keys_derivation_index_key'),
  createdAt: createdAt(),
});

/** A user's deposit address in one family (`evm`, `tron`, `bitcoin`), derived from their index. */
export const walletAddresses = pgTable(
  'wallet_addresses',
  {
    ...userOwned('restrict'),
    family: text('family', { enum: ['evm', 'tron', 'bitcoin'] }).notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    /** EVM addresses in lower case, so a lookup by an address from a log needs no checksum. */
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('wallet_addresses_user_family_key').on(table.userId, table.family),
    uniqueIndex('wallet_addresses_family_index_key').on(table.family, table.derivationIndex),
    uniqueIndex('wallet_addresses_address_key').on(table.family, table.address),
  ],
);

/** How far each network's watcher has read: the last block scanned and its hash (to see reorgs). */
export const chainCursors = pgTable('chain_cursors', {
  network: text('network').primaryKey(),
  lastBlock: bigint('last_block', { mode: 'number' }).notNull(),
  lastHash: text('last_hash'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Deposits and withdrawals. Coin amounts are integers in the coin's smallest unit (wei, sun,
 * satoshi, token units) as text; USD amounts are cents.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    ...userOwned('restrict'),
    kind: text('kind', { enum: ['deposit', 'withdrawal'] }).notNull(),
    coin: text('coin').notNull(),
    network: text('network').notNull(),
    /** A deposit's receiving address or a withdrawal's destination. */
    address: text('address').notNull(),
    /** The token contract (deposits of tokens), lower case; null for the native coin. */
    token: text('token'),
    coinUnits: text('coin_units').notNull(),
    coinDecimals: integer('coin_decimals').notNull(),
    /** USD credited (deposit) or taken, fee included (withdrawal). */
    amountCents: bigint('amount_cents', { mode: 'bigint' }),
    feeCents: bigint('fee_cents', { mode: 'bigint' }),
    /** USD per coin at quoting or crediting time, as a decimal string. */
    rate: text('rate'),
    status: text('status').notNull(),
    reason: text('reason'),
    txHash: text('tx_hash'),
    /** Which of the transaction's transfers this is: the log index, or -1 for a native transfer. */
    logIndex: integer('log_index'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull().default(0),
    /** A withdrawal's signed transaction, kept so a restart re-sends the same one. */
    rawTx: text('raw_tx'),
    nonce: integer('nonce'),
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** A withdrawal's quote holds its rate until then; after it, it cannot be confirmed. */
    quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_transactions_user_idx').on(table.userId, table.createdAt),
    index('wallet_transactions_status_idx').on(table.network, table.status),
    // Quotes never confirmed, oldest first, for the retention job.
    index('wallet_transactions_quote_idx')
      .on(table.createdAt)
      .where(sql`${table.kind} = 'withdrawal' and ${table.status} = 'pnd'`),
    uniqueIndex('wallet_transactions_deposit_key')
      .on(table.network, table.txHash, table.logIndex)
      .where(sql`${table.kind} = 'deposit'`),
  ],
);
export type WalletTxRow = typeof walletTransactions.$inferSelect;

/**
 * Transfers seen paying a customer's deposit address and not credited (another transfer held
 * their key, a token not supported, an amount under the minimum): one row per transfer, so staff
 * are told of each once, across restarts.
 */
export const depositAlerts = pgTable(
  'deposit_alerts',
  {
    id: generatedId(),
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    address: text('address').notNull(),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    token: text('token'),
    coinUnits: text('coin_units').notNull(),
    reason: text('reason', { enum: ['duplicate_key', 'not_supported', 'below_minimum'] }).notNull(),
    /** The deposit recorded for the transfer, when one was (not for a transfer dropped by a key). */
    depositId: uuid('deposit_id').references(() => walletTransactions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('deposit_alerts_transfer_key').on(table.network, table.txHash, table.logIndex, table.address),
  ],
);
export type DepositAlertRow = typeof depositAlerts.$inferSelect;
