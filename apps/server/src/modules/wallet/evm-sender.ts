import type { TNetwork } from '@td/contracts/constants';
import { encodeFunctionData, erc20Abi, type Hex, keccak256, type PublicClient } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import type { SettingsService } from '../settings/settings.service';
import type { ChainWatcher } from './chain-watcher';
import type { WalletRepository } from './wallet.repository';
import type { WalletTxRow } from './wallet.schema';
import { readWalletSettings } from './wallet-config';
import { endWithRefund } from './wallet-ledger';
import type { WalletNotices } from './wallet-notices';

/** Gas limits: a plain transfer, and a token transfer with room to spare. */
const NATIVE_GAS = 21_000n;
const TOKEN_GAS = 120_000n;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * Sends approved withdrawals (`prc`) on an EVM network from the hot wallet, one at a time:
 * the transaction is signed and stored with its hash (`drp`) before it is broadcast, so a restart
 * sends the same one again rather than a second; then `snt`, and `cnf` after the network's
 * confirmations. The hot wallet short of funds: `werror`; the node refusing it: `rerr`; mined but
 * reverted: `flr` — each with the user's funds returned once.
 */
export function createEvmSender(deps: {
  network: TNetwork;
  client: PublicClient;
  account: PrivateKeyAccount;
  db: Database;
  repo: WalletRepository;
  settings: SettingsService;
  logger: Logger;
  notices: WalletNotices;
  /** Broadcasting, replaceable so tests can make the node refuse a transaction. */
  broadcast?: (raw: Hex) => Promise<Hex>;
}): ChainWatcher {
  const { network, client, account, db, repo, logger } = deps;
  const broadcast =
    deps.broadcast ?? ((raw: Hex) => client.sendRawTransaction({ serializedTransaction: raw }));
  let chainId: number | undefined;

  const fail = async (
    row: WalletTxRow,
    status: 'werror' | 'rerr' | 'flr',
    reason: string,
    from: string[],
  ) => {
    const ended = await endWithRefund(db, repo, row.id, status, { from, reason });
    if (!ended) return;
    logger.warn({ network, withdrawal: row.id, status, reason }, 'withdrawal failed; funds returned');
    await deps.notices.withdrawalReturned(ended);
  };

  /** Sends a signed transaction; true when the node has it (also when it already had it). */
  const send = async (row: WalletTxRow, raw: Hex, hash: Hex): Promise<boolean> => {
    try {
      await broadcast(raw);
      return true;
    } catch (error) {
      const known = await client.getTransaction({ hash }).catch(() => undefined);
      if (known) return true;
      await fail(row, 'rerr', `Broadcast refused: ${messageOf(error)}`, ['drp']);
      return false;
    }
  };

  const sendNew = async (row: WalletTxRow, usdtContract: string) => {
    const units = BigInt(row.coinUnits);
    const isToken = row.coin === 'usdt';
    const to = (
      isToken ? usdtContract : row.address.startsWith('0x') ? row.address : `0x${row.address}`
    ) as Hex;
    const data = isToken
      ? encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [(row.address.startsWith('0x') ? row.address : `0x${row.address}`) as Hex, units],
        })
      : undefined;
    const value = isToken ? 0n : units;
    const gas = isToken ? TOKEN_GAS : NATIVE_GAS;
    chainId ??= await client.getChainId();
    const fees = await client.estimateFeesPerGas();
    const native = await client.getBalance({ address: account.address });
    const tokens = isToken
      ? await client.readContract({
          address: usdtContract as Hex,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account.address],
        })
      : 0n;
    if (native < value + gas * fees.maxFeePerGas || (isToken && tokens < units)) {
      await fail(row, 'werror', 'The hot wallet cannot cover this withdrawal', ['prc']);
      return;
    }
    const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const raw = await account.signTransaction({
      chainId,
      type: 'eip1559',
      to,
      value,
      data,
      gas,
      nonce,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const hash = keccak256(raw);
    const claimed = await db.transaction(async (tx) => {
      const locked = await repo.lock(tx, row.id, ['prc']);
      return locked ? repo.update(tx, row.id, { status: 'drp', rawTx: raw, txHash: hash, nonce }) : undefined;
    });
    if (!claimed) return; // cancelled or rejected meanwhile
    if (await send(claimed, raw, hash)) {
      const sent = await repo.update(db, row.id, { status: 'snt' });
      logger.info({ network, withdrawal: row.id, hash }, 'withdrawal sent');
      await deps.notices.withdrawalSent(sent);
    }
  };

  const follow = async (row: WalletTxRow, head: number, required: number) => {
    if (!row.txHash) return;
    const receipt = await client.getTransactionReceipt({ hash: row.txHash as Hex }).catch(() => undefined);
    if (!receipt) return;
    if (receipt.status === 'reverted') {
      await fail(row, 'flr', 'The transaction failed on chain', ['snt']);
      return;
    }
    const confirmations = Math.max(0, head - Number(receipt.blockNumber) + 1);
    const isFinal = confirmations >= required;
    await db.transaction(async (tx) => {
      const locked = await repo.lock(tx, row.id, ['snt']);
      if (locked)
        await repo.update(tx, row.id, {
          confirmations,
          requiredConfirmations: required,
          blockNumber: Number(receipt.blockNumber),
          blockHash: receipt.blockHash,
          ...(isFinal ? { status: 'cnf' } : {}),
        });
    });
  };

  return {
    network,
    async tick() {
      const wallet = await readWalletSettings(deps.settings);
      const settings = wallet.networks[network];
      // Signed before a restart and perhaps never broadcast: the same transaction again.
      for (const row of await repo.byStatus(network, 'withdrawal', ['drp'])) {
        if (row.rawTx && row.txHash && (await send(row, row.rawTx as Hex, row.txHash as Hex)))
          await deps.notices.withdrawalSent(await repo.update(db, row.id, { status: 'snt' }));
      }
      // Paused withdrawals: approved ones wait; those already on the chain are still followed.
      if (wallet.withdrawalsEnabled)
        for (const row of await repo.byStatus(network, 'withdrawal', ['prc'])) {
          await sendNew(row, settings.usdtContract);
        }
      const head = Number(await client.getBlockNumber());
      for (const row of await repo.byStatus(network, 'withdrawal', ['snt'])) {
        await follow(row, head, settings.confirmations);
      }
    },
  };
}
