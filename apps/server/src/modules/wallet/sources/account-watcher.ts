import type { TNetwork } from '@td/contracts/constants';
import { PAYMENT_CODE } from '@td/contracts/statuses';
import type { TChainFamily } from '@td/contracts/wallet';
import type { Database } from '../../../platform/db/client';
import type { Logger } from '../../../platform/logger';
import type { RecordedDeposit, WalletRepository } from '../wallet.repository';
import { coinDecimals, NATIVE_COIN } from '../wallet-config';
import type { AccountSource, IncomingTransfer } from './account-source';
import type { ChainWatcher, DepositSettler } from './chain-watcher';

/** A deposit as the watcher tells it from another: its transaction, its index there, its recipient. */
const depositKey = (txHash: string, index: number, address: string) => `${txHash}|${index}|${address}`;

/**
 * The deposit already recorded for a transfer to `address`: its own row, or (for a token
 * transfer) the row recorded when every TRC-20 transfer was given index 0, for the same
 * transaction, recipient, token and amount, unless one of `seen` (the transfers read with it)
 * is at index 0 of that transaction for that recipient and so owns that row.
 */
function recordedRow(
  recorded: readonly RecordedDeposit[],
  transfer: IncomingTransfer,
  address: string,
  seen: readonly IncomingTransfer[],
): RecordedDeposit | undefined {
  const own = recorded.find(
    (row) => row.txHash === transfer.txHash && row.logIndex === transfer.index && row.address === address,
  );
  if (own || transfer.token === null || transfer.index === 0) return own;
  if (seen.some((other) => other.txHash === transfer.txHash && other.index === 0)) return undefined;
  return recorded.find(
    (row) =>
      row.txHash === transfer.txHash &&
      row.logIndex === 0 &&
      row.address === address &&
      row.token === transfer.token &&
      row.coinUnits === transfer.units.toString(),
  );
}

/**
 * Deposits on a network read per deposit address (Tron through TronGrid, Bitcoin through
 * Esplora): new transfers are recorded once (the transaction, the transfer's index in it and its
 * recipient tell one from another), a transfer that reaches a block gets it, and the settler
 * counts confirmations and credits. A transfer seen and not credited (its key held by another,
 * a token not supported) is reported to staff once.
 */
export function createAccountWatcher(deps: {
  network: TNetwork;
  family: TChainFamily;
  source: AccountSource;
  db: Database;
  repo: WalletRepository;
  settler: DepositSettler;
  logger: Logger;
}): ChainWatcher {
  const { network, source, db, repo, settler, logger } = deps;
  const nativeCoin = NATIVE_COIN[network];
  return {
    network,
    async tick() {
      const wallet = await settler.readSettings();
      const settings = wallet.networks[network];
      const head = await source.head();
      const book = await repo.addressBook(deps.family);
      const pending = new Map(
        (await repo.byStatus(network, 'deposit', [PAYMENT_CODE.pending])).map((row) => [
          depositKey(row.txHash ?? '', row.logIndex ?? 0, row.address),
          row,
        ]),
      );
      // Older pages matter only while a page still holds a transfer not recorded, or pending.
      const wantsMore = async (page: IncomingTransfer[], address: string) => {
        const recorded = await repo.recordedDeposits(
          network,
          page.map((transfer) => transfer.txHash),
        );
        return page.some((transfer) => {
          const row = recordedRow(recorded, transfer, address, page);
          return !row || pending.has(depositKey(row.txHash ?? '', row.logIndex ?? 0, row.address));
        });
      };
      for (const [address, userId] of book) {
        const transfers = await source.incoming(address, (page) => wantsMore(page, address));
        const recorded = await repo.recordedDeposits(
          network,
          transfers.map((transfer) => transfer.txHash),
        );
        for (const transfer of transfers) {
          const known = recordedRow(recorded, transfer, address, transfers);
          if (known) {
            const waiting = pending.get(depositKey(known.txHash ?? '', known.logIndex ?? 0, known.address));
            if (
              waiting &&
              (waiting.blockNumber !== transfer.blockNumber || waiting.blockHash !== transfer.blockHash)
            )
              await repo.update(db, waiting.id, {
                blockNumber: transfer.blockNumber,
                blockHash: transfer.blockHash,
              });
            continue;
          }
          const isUsdt = transfer.token !== null && transfer.token === settings.usdtContract;
          const coin = transfer.token === null ? nativeCoin : isUsdt ? 'usdt' : 'unknown';
          const row = await repo.insertDeposit(db, {
            userId,
            kind: 'deposit',
            coin,
            network,
            address,
            token: transfer.token,
            coinUnits: transfer.units.toString(),
            coinDecimals: coin === 'unknown' ? 0 : coinDecimals(coin, network),
            status: coin === 'unknown' ? PAYMENT_CODE.notSupported : PAYMENT_CODE.pending,
            txHash: transfer.txHash,
            logIndex: transfer.index,
            blockNumber: transfer.blockNumber,
            blockHash: transfer.blockHash,
            requiredConfirmations: settings.confirmations,
          });
          if (row) logger.info({ network, deposit: row.id, status: row.status }, 'deposit seen');
          const observed = {
            network,
            txHash: transfer.txHash,
            logIndex: transfer.index,
            address,
            userId,
            token: transfer.token,
            coinUnits: transfer.units.toString(),
          };
          // Another transfer holds its key: this one is recorded nowhere, staff are told.
          if (!row) await settler.notCredited(observed, 'duplicate_key');
          else if (row.status === PAYMENT_CODE.notSupported)
            await settler.notCredited({ ...observed, depositId: row.id }, 'not_supported');
        }
      }
      await repo.saveCursor(db, network, head, null);
      for (const row of await repo.byStatus(network, 'deposit', [PAYMENT_CODE.pending])) {
        const confirmations = row.blockNumber === null ? 0 : Math.max(0, head - row.blockNumber + 1);
        await settler.progress(row, confirmations, wallet);
      }
    },
  };
}
