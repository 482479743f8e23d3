import type { TNetwork } from '@td/contracts/constants';
import { PAYMENT_CODE } from '@td/contracts/statuses';
import { encodeFunctionData, erc20Abi, type Hex, keccak256, type PublicClient } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Database } from '../../../platform/db/client';
import type { Logger } from '../../../platform/logger';
import type { Tx } from '../../ledger/ledger';
import type { SettingsService } from '../../settings/settings.service';
import type { WalletRepository } from '../wallet.repository';
import type { WalletTxRow } from '../wallet.schema';
import { readWalletSettings } from '../wallet-config';
import { endWithRefund } from '../wallet-ledger';
import type { WalletNotices } from '../wallet-notices';
import type { ChainWatcher } from './chain-watcher';

/** Gas limits: a plain transfer, and a token transfer with room to spare. */
const NATIVE_GAS = 21_000n;
const TOKEN_GAS = 120_000n;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** Why a withdrawal waiting to be sent went back to review: its account is no longer active. */
export const ACCOUNT_SUSPENDED_REASON = 'Account suspended';

/**
 * Sends approved withdrawals (`prc`) on an EVM network from the hot wallet, one at a time:
 * the transaction is signed and stored with its hash (`drp`) before it is broadcast, so a restart
 * sends the same one again rather than a second; then `snt`, and `cnf` after the network's
 * confirmations. The hot wallet short of funds: `werror`; the node refusing it: `rerr`; mined but
 * reverted: `flr` — each with the user's funds returned once. A suspended or deleted account's
 * withdrawal is not sent but goes back to review (`suspicous`).
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

  /**
   * A broadcast withdrawal is marked sent from `drp` only, on the row as locked: one that ended
   * meanwhile (refunded by another sender during a hand-over of the role) stays as it ended, and
   * the mismatch is logged for an operator rather than hidden behind `snt`.
   */
  const markSent = async (row: WalletTxRow, hash: string) => {
    const sent = await db.transaction(async (tx) => {
      const locked = await repo.lock(tx, row.id, [PAYMENT_CODE.dropped]);
      return locked ? repo.update(tx, row.id, { status: PAYMENT_CODE.sent }) : undefined;
    });
    if (!sent) {
      logger.error(
        { network, withdrawal: row.id, hash },
        'withdrawal broadcast after it had ended; check it by hand',
      );
      return;
    }
    logger.info({ network, withdrawal: row.id, hash }, 'withdrawal sent');
    await deps.notices.withdrawalSent(sent);
  };

  /** Sends a signed transaction; true when the node has it (also when it already had it). */
  const send = async (row: WalletTxRow, raw: Hex, hash: Hex): Promise<boolean> => {
    try {
      await broadcast(raw);
      return true;
    } catch (error) {
      const known = await client.getTransaction({ hash }).catch(() => undefined);
      if (known) return true;
      await fail(row, PAYMENT_CODE.broadcastRefused, `Broadcast refused: ${messageOf(error)}`, [
        PAYMENT_CODE.dropped,
      ]);
      return false;
    }
  };

  /**
   * A suspended or deleted account's withdrawal is never sent: it goes back to review
   * (`suspicous`, its funds still held) for an administrator, who can reject it (funds back) or,
   * once the account is active again, approve it. True when it went back.
   */
  const backToReviewIfInactive = async (tx: Tx, row: WalletTxRow): Promise<boolean> => {
    if (await repo.isAccountActive(row.userId, tx)) return false;
    await repo.update(tx, row.id, { status: PAYMENT_CODE.underReview, reason: ACCOUNT_SUSPENDED_REASON });
    logger.warn({ network, withdrawal: row.id }, 'withdrawal of a suspended account held for review');
    return true;
  };

  const sendNew = async (row: WalletTxRow, usdtContract: string) => {
    // Before anything is signed or checked on the chain; checked again, locked, when claimed.
    if (!(await repo.isAccountActive(row.userId))) {
      await db.transaction(async (tx) => {
        if (await repo.lock(tx, row.id, [PAYMENT_CODE.processing])) await backToReviewIfInactive(tx, row);
      });
      return;
    }
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
      await fail(row, PAYMENT_CODE.walletError, 'The hot wallet cannot cover this withdrawal', [
        PAYMENT_CODE.processing,
      ]);
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
      const locked = await repo.lock(tx, row.id, [PAYMENT_CODE.processing]);
      if (!locked || (await backToReviewIfInactive(tx, locked))) return undefined;
      return repo.update(tx, row.id, { status: PAYMENT_CODE.dropped, rawTx: raw, txHash: hash, nonce });
    });
    if (!claimed) return; // cancelled, rejected or back to review meanwhile: never broadcast
    if (await send(claimed, raw, hash)) await markSent(claimed, hash);
  };

  const follow = async (row: WalletTxRow, head: number, required: number) => {
    if (!row.txHash) return;
    const receipt = await client.getTransactionReceipt({ hash: row.txHash as Hex }).catch(() => undefined);
    if (!receipt) return;
    if (receipt.status === 'reverted') {
      await fail(row, PAYMENT_CODE.failed, 'The transaction failed on chain', [PAYMENT_CODE.sent]);
      return;
    }
    const confirmations = Math.max(0, head - Number(receipt.blockNumber) + 1);
    const isFinal = confirmations >= required;
    await db.transaction(async (tx) => {
      const locked = await repo.lock(tx, row.id, [PAYMENT_CODE.sent]);
      if (locked)
        await repo.update(tx, row.id, {
          confirmations,
          requiredConfirmations: required,
          blockNumber: Number(receipt.blockNumber),
          blockHash: receipt.blockHash,
          ...(isFinal ? { status: PAYMENT_CODE.confirmed } : {}),
        });
    });
  };

  return {
    network,
    async tick() {
      const wallet = await readWalletSettings(deps.settings);
      const settings = wallet.networks[network];
      // Signed before a restart and perhaps never broadcast: the same transaction again.
      for (const row of await repo.byStatus(network, 'withdrawal', [PAYMENT_CODE.dropped])) {
        if (row.rawTx && row.txHash && (await send(row, row.rawTx as Hex, row.txHash as Hex)))
          await markSent(row, row.txHash);
      }
      // Paused withdrawals: approved ones wait; those already on the chain are still followed.
      if (wallet.withdrawalsEnabled)
        for (const row of await repo.byStatus(network, 'withdrawal', [PAYMENT_CODE.processing])) {
          await sendNew(row, settings.usdtContract);
        }
      const head = Number(await client.getBlockNumber());
      for (const row of await repo.byStatus(network, 'withdrawal', [PAYMENT_CODE.sent])) {
        await follow(row, head, settings.confirmations);
      }
    },
  };
}
