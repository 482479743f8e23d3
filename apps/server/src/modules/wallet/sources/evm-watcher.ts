// Watches an EVM network (Ethereum, Polygon, BSC) for deposits to users' addresses: native coin
// transfers and ERC-20 `Transfer` logs, recorded block by block and counted towards confirmations.
// A reorganised chain is read again, and pending deposits whose block left it are dropped.
import type { TNetwork } from '@td/contracts/constants';
import { PAYMENT_CODE } from '@td/contracts/statuses';
import { type PublicClient, parseAbiItem } from 'viem';
import type { Database } from '../../../platform/db/client';
import type { Logger } from '../../../platform/logger';
import { transferOfDeposit } from '../deposit-alerts';
import type { NewWalletTx, WalletRepository } from '../wallet.repository';
import type { WalletTxRow } from '../wallet.schema';
import { coinDecimals, NATIVE_COIN } from '../wallet-config';
import type { ChainWatcher, DepositSettler } from './chain-watcher';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Blocks read in one pass at most. */
const BATCH_BLOCKS = 200;
/** How far back the watcher reads again when the chain it knew has been replaced. */
const REWIND_BLOCKS = 64;

/**
 * Deposits on an EVM network (Ethereum, Polygon, BSC): native transfers in each block's
 * transactions and ERC-20 `Transfer` logs to users' addresses. The last block read is kept per
 * network with its hash; when that hash changes the chain was reorganised and the watcher reads
 * again from further back, dropping pending deposits whose block is gone.
 */
export function createEvmDepositWatcher(deps: {
  network: TNetwork;
  client: PublicClient;
  db: Database;
  repo: WalletRepository;
  settler: DepositSettler;
  logger: Logger;
  /** Where a network never read before starts (default: a little before its current head). */
  startBlock?: number;
}): ChainWatcher {
  const { network, client, db, repo, settler, logger } = deps;
  const nativeCoin = NATIVE_COIN[network];

  const hashOf = async (blockNumber: number): Promise<string | undefined> => {
    try {
      return (await client.getBlock({ blockNumber: BigInt(blockNumber) })).hash ?? undefined;
    } catch {
      return undefined;
    }
  };

  /** Reads blocks after the cursor and records the transfers to users' addresses. */
  const scan = async (head: number, usdtContract: string, required: number) => {
    let cursor = await repo.cursor(network);
    if (!cursor) {
      // A little history too: transfers mined while the process was starting are not missed.
      const start = deps.startBlock ?? Math.max(0, head - REWIND_BLOCKS);
      await repo.saveCursor(db, network, start - 1, start > 0 ? ((await hashOf(start - 1)) ?? null) : null);
      cursor = await repo.cursor(network);
      if (!cursor) return;
    }
    let from = cursor.lastBlock + 1;
    if (cursor.lastBlock >= 0 && cursor.lastHash && (await hashOf(cursor.lastBlock)) !== cursor.lastHash) {
      from = Math.max(0, Math.min(cursor.lastBlock, head) - REWIND_BLOCKS);
      logger.warn({ network, at: cursor.lastBlock, from }, 'chain reorganised: reading again');
    }
    if (from > head) return;
    const to = Math.min(head, from + BATCH_BLOCKS - 1);
    const book = await repo.addressBook('evm');
    logger.debug({ network, from, to, addresses: book.size }, 'reading blocks');
    const found: NewWalletTx[] = [];
    let lastHash: string | null = null;
    for (let n = from; n <= to; n++) {
      const block = await client.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
      lastHash = block.hash;
      for (const tx of block.transactions) {
        const userId = tx.to ? book.get(tx.to.toLowerCase()) : undefined;
        if (!userId || !tx.to || tx.value === 0n) continue;
        found.push({
          userId,
          kind: 'deposit',
          coin: nativeCoin,
          network,
          address: tx.to.toLowerCase(),
          coinUnits: tx.value.toString(),
          coinDecimals: coinDecimals(nativeCoin, network),
          status: PAYMENT_CODE.pending,
          txHash: tx.hash,
          logIndex: -1,
          blockNumber: n,
          blockHash: block.hash,
          requiredConfirmations: required,
        });
      }
    }
    const logs = await client.getLogs({ event: TRANSFER, fromBlock: BigInt(from), toBlock: BigInt(to) });
    for (const log of logs) {
      const recipient = log.args.to?.toLowerCase();
      const userId = recipient ? book.get(recipient) : undefined;
      if (!userId || !recipient || log.args.value === undefined || log.logIndex === null) continue;
      const isUsdt = log.address.toLowerCase() === usdtContract.toLowerCase();
      found.push({
        userId,
        kind: 'deposit',
        coin: isUsdt ? 'usdt' : 'unknown',
        network,
        address: recipient,
        token: log.address.toLowerCase(),
        coinUnits: log.args.value.toString(),
        coinDecimals: isUsdt ? coinDecimals('usdt', network) : 0,
        status: isUsdt ? PAYMENT_CODE.pending : PAYMENT_CODE.notSupported,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: Number(log.blockNumber),
        blockHash: log.blockHash,
        requiredConfirmations: required,
      });
    }
    const unsupported: WalletTxRow[] = [];
    await db.transaction(async (tx) => {
      for (const values of found) {
        const row = await repo.insertDeposit(tx, values);
        if (row) logger.info({ network, deposit: row.id, status: row.status }, 'deposit seen');
        if (row?.status === PAYMENT_CODE.notSupported) unsupported.push(row);
      }
      await repo.saveCursor(tx, network, to, lastHash);
    });
    // Staff are told of tokens not supported once the rows are committed.
    for (const row of unsupported) await settler.notCredited(transferOfDeposit(row), 'not_supported');
  };

  return {
    network,
    async tick() {
      const wallet = await settler.readSettings();
      const settings = wallet.networks[network];
      const head = Number(await client.getBlockNumber());
      // Pending deposits whose block left the chain go first: read again, the transfer is new.
      const canonical = new Map<number, string | undefined>();
      const isCanonical = async (blockNumber: number, hash: string | null) => {
        if (!canonical.has(blockNumber)) canonical.set(blockNumber, await hashOf(blockNumber));
        return canonical.get(blockNumber) === hash;
      };
      for (const row of await repo.byStatus(network, 'deposit', [PAYMENT_CODE.pending])) {
        if (
          row.blockNumber !== null &&
          !(await isCanonical(row.blockNumber, row.blockHash)) &&
          (await repo.removePending(db, row.id))
        )
          logger.warn({ network, deposit: row.id }, 'pending deposit dropped by a reorganisation');
      }
      await scan(head, settings.usdtContract, settings.confirmations);
      for (const row of await repo.byStatus(network, 'deposit', [PAYMENT_CODE.pending])) {
        if (row.blockNumber === null) continue;
        await settler.progress(row, Math.max(0, head - row.blockNumber + 1), wallet);
      }
    },
  };
}
