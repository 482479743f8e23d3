import type { TNetwork } from '@td/contracts/constants';
import { PAYMENT_CODE } from '@td/contracts/statuses';
import type { TChainFamily } from '@td/contracts/wallet';
import { BoundedMap } from '../../../platform/bounded';
import type { Database } from '../../../platform/db/client';
import type { Logger } from '../../../platform/logger';
import { evmFromTron, tronFromEvm } from '../addresses';
import type { RecordedDeposit, WalletRepository } from '../wallet.repository';
import { coinDecimals, NATIVE_COIN } from '../wallet-config';
import type { ChainWatcher, DepositSettler } from './chain-watcher';

/** One incoming transfer as a chain's HTTP API reports it. */
export interface IncomingTransfer {
  txHash: string;
  /** Which transfer of the transaction: an output index, or -1 for the one native transfer. */
  index: number;
  /** The token contract, or null for the native coin. */
  token: string | null;
  units: bigint;
  /** Null while unconfirmed. */
  blockNumber: number | null;
  blockHash: string | null;
}

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

/** At most this many pages of an address's history are read in one pass. */
export const ACCOUNT_PAGES_MAX = 20;

/**
 * A chain read address by address through its public HTTP API. `incoming` reads the address's
 * transfers newest first, page after page while `wantsMore` says the page just read still held
 * something new (or still pending), and no more than ACCOUNT_PAGES_MAX pages.
 */
export interface AccountSource {
  head(): Promise<number>;
  incoming(
    address: string,
    wantsMore: (page: IncomingTransfer[]) => Promise<boolean>,
  ): Promise<IncomingTransfer[]>;
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

/** TronGrid's largest page. */
const TRON_PAGE_SIZE = 200;
/** TRC-20 transfers whose block is remembered (each costs a request to learn). */
const BLOCKS_REMEMBERED_MAX = 10_000;
/** Esplora's page of confirmed transactions. */
const ESPLORA_CHAIN_PAGE_SIZE = 25;

const getJson = async (url: string, init?: RequestInit): Promise<unknown> => {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
};

interface TronTx {
  txID: string;
  blockNumber?: number;
  ret?: Array<{ contractRet?: string }>;
  raw_data?: {
    contract?: Array<{ type?: string; parameter?: { value?: { amount?: number; to_address?: string } } }>;
  };
}
interface Trc20Tx {
  transaction_id: string;
  token_info?: { address?: string };
  to?: string;
  type?: string;
  value?: string;
}

/** keccak256("Transfer(address,address,uint256)"): the first topic of every TRC-20 transfer event. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** One TRC-20 transfer event of a transaction: its position in the transaction's event list. */
export interface Trc20Event {
  index: number;
  /** The token contract and the recipient as 20 bytes of lower-case hex. */
  token: string;
  to: string;
  units: bigint;
}
export interface TronTxInfo {
  blockNumber: number;
  events: Trc20Event[];
}

const hex20 = (value: string) => value.toLowerCase().replace(/^0x/, '').slice(-40);

/**
 * `gettransactioninfobyid`'s answer as the watcher needs it: the block and the transaction's
 * TRC-20 transfer events, each at its position in the `log` list (the index the chain gives the
 * event); undefined while the transaction is in no block (TronGrid answers `{}`).
 */
export function tronTransactionInfo(body: unknown): TronTxInfo | undefined {
  const info = body as {
    blockNumber?: number;
    log?: Array<{ address?: string; topics?: string[]; data?: string }>;
  };
  if (typeof info.blockNumber !== 'number' || !Array.isArray(info.log)) return undefined;
  const events: Trc20Event[] = [];
  for (const [index, log] of info.log.entries()) {
    const [topic, , to] = log.topics ?? [];
    if (
      topic?.toLowerCase() !== TRANSFER_TOPIC ||
      !to ||
      !log.address ||
      !/^[0-9a-fA-F]{1,64}$/.test(log.data ?? '')
    )
      continue;
    events.push({ index, token: hex20(log.address), to: hex20(to), units: BigInt(`0x${log.data}`) });
  }
  return { blockNumber: info.blockNumber, events };
}

/**
 * The index of the event behind one row of an account's TRC-20 listing (which carries none): the
 * first event of the transaction paying the same token, recipient and amount not yet `taken` by
 * another row of the same transaction. Undefined when no event matches.
 */
export function trc20EventIndex(
  events: readonly Trc20Event[],
  taken: ReadonlySet<number>,
  transfer: { token: string; to: string; units: bigint },
): number | undefined {
  let token: string;
  let to: string;
  try {
    token = hex20(evmFromTron(transfer.token));
    to = hex20(evmFromTron(transfer.to));
  } catch {
    return undefined;
  }
  return events.find(
    (event) =>
      !taken.has(event.index) && event.token === token && event.to === to && event.units === transfer.units,
  )?.index;
}

/**
 * TronGrid's documented API: `POST /wallet/getnowblock` for the head, the account's incoming
 * TRX transfers at `/v1/accounts/{address}/transactions?only_to=true`, its TRC-20 transfers at
 * `/v1/accounts/{address}/transactions/trc20?only_to=true` (200 a page, the next named by
 * `meta.fingerprint`), and the block and events of a TRC-20 transfer's transaction from
 * `POST /wallet/gettransactioninfobyid`: the listing gives no event index, so each transfer takes
 * the position of its event in the transaction's event list (two customers paid by one
 * transaction are two transfers).
 */
export function tronGridSource(baseUrl: string): AccountSource {
  const base = baseUrl.replace(/\/+$/, '');
  const headers = { accept: 'application/json', 'content-type': 'application/json' };
  // Transactions already placed in their block, with their events; one forgotten is asked again.
  const infoOf = new BoundedMap<string, TronTxInfo>(BLOCKS_REMEMBERED_MAX);
  return {
    async head() {
      const body = (await getJson(`${base}/wallet/getnowblock`, { method: 'POST', headers, body: '{}' })) as {
        block_header?: { raw_data?: { number?: number } };
      };
      const number = body.block_header?.raw_data?.number;
      if (typeof number !== 'number') throw new Error('getnowblock gave no block number');
      return number;
    },
    async incoming(address, wantsMore) {
      /** One of TronGrid's lists, newest first, page by page (`meta.fingerprint` names the next). */
      const pages = async <T>(path: string, toTransfers: (rows: T[]) => Promise<IncomingTransfer[]>) => {
        const url = `${base}/v1/accounts/${address}/${path}?only_to=true&only_confirmed=false&limit=${TRON_PAGE_SIZE}`;
        const found: IncomingTransfer[] = [];
        let fingerprint: string | undefined;
        for (let page = 0; page < ACCOUNT_PAGES_MAX; page++) {
          const body = (await getJson(
            fingerprint ? `${url}&fingerprint=${encodeURIComponent(fingerprint)}` : url,
            { headers },
          )) as { data?: T[]; meta?: { fingerprint?: string } };
          const rows = body.data ?? [];
          const transfers = await toTransfers(rows);
          found.push(...transfers);
          fingerprint = body.meta?.fingerprint;
          if (!fingerprint || rows.length < TRON_PAGE_SIZE) break;
          if (transfers.length > 0 && !(await wantsMore(transfers))) break;
        }
        return found;
      };

      const native = await pages<TronTx>('transactions', async (rows) => {
        const found: IncomingTransfer[] = [];
        for (const tx of rows) {
          const contract = tx.raw_data?.contract?.[0];
          const value = contract?.parameter?.value;
          if (contract?.type !== 'TransferContract' || !value?.to_address || !value.amount) continue;
          if (tx.ret?.[0]?.contractRet && tx.ret[0].contractRet !== 'SUCCESS') continue;
          const to = value.to_address.startsWith('41')
            ? tronFromEvm(`0x${value.to_address.slice(2)}`)
            : value.to_address;
          if (to !== address) continue;
          found.push({
            txHash: tx.txID,
            index: -1,
            token: null,
            units: BigInt(value.amount),
            blockNumber: tx.blockNumber ?? null,
            blockHash: null,
          });
        }
        return found;
      });
      // Each event of a transaction names one transfer: the same event read again (another page,
      // another pass, the other recipient's listing) gets the same index.
      const claimed = new Map<string, Set<number>>();
      const tokens = await pages<Trc20Tx>('transactions/trc20', async (rows) => {
        const found: IncomingTransfer[] = [];
        for (const tx of rows) {
          if (tx.type !== 'Transfer' || tx.to !== address || !tx.value || !tx.token_info?.address) continue;
          let info = infoOf.get(tx.transaction_id);
          if (info === undefined) {
            info = tronTransactionInfo(
              await getJson(`${base}/wallet/gettransactioninfobyid`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ value: tx.transaction_id }),
              }),
            );
            if (info) infoOf.set(tx.transaction_id, info);
          }
          // Not in a block yet: its events (and so its index) are not known; read on a later pass.
          if (!info) continue;
          const taken = claimed.get(tx.transaction_id) ?? new Set<number>();
          claimed.set(tx.transaction_id, taken);
          const index = trc20EventIndex(info.events, taken, {
            token: tx.token_info.address,
            to: address,
            units: BigInt(tx.value),
          });
          if (index === undefined) continue;
          taken.add(index);
          found.push({
            txHash: tx.transaction_id,
            index,
            token: tx.token_info.address,
            units: BigInt(tx.value),
            blockNumber: info.blockNumber,
            blockHash: null,
          });
        }
        return found;
      });
      return [...native, ...tokens];
    },
  };
}

interface EsploraTx {
  txid: string;
  status?: { confirmed?: boolean; block_height?: number; block_hash?: string };
  vout?: Array<{ scriptpubkey_address?: string; value?: number }>;
}

/**
 * Esplora's documented API (Blockstream, mempool.space): `GET /blocks/tip/height` and
 * `GET /address/{address}/txs` (newest first: the mempool's and 25 confirmed), then
 * `/address/{address}/txs/chain/{last txid}` for 25 older confirmed at a time; one deposit per
 * output paying the address.
 */
export function esploraSource(baseUrl: string): AccountSource {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async head() {
      const res = await fetch(`${base}/blocks/tip/height`, { signal: AbortSignal.timeout(15_000) });
      if (!res.ok) throw new Error(`tip height answered ${res.status}`);
      const height = Number.parseInt(await res.text(), 10);
      if (!Number.isFinite(height)) throw new Error('tip height is not a number');
      return height;
    },
    async incoming(address, wantsMore) {
      const found: IncomingTransfer[] = [];
      // The first page: the mempool's transactions and the newest confirmed; then
      // `/txs/chain/{last seen}` pages through the older confirmed ones.
      let url = `${base}/address/${address}/txs`;
      for (let page = 0; page < ACCOUNT_PAGES_MAX; page++) {
        const txs = (await getJson(url)) as EsploraTx[];
        const transfers: IncomingTransfer[] = [];
        for (const tx of txs) {
          for (const [index, out] of (tx.vout ?? []).entries()) {
            if (out.scriptpubkey_address !== address || !out.value) continue;
            const confirmed = tx.status?.confirmed === true && typeof tx.status.block_height === 'number';
            transfers.push({
              txHash: tx.txid,
              index,
              token: null,
              units: BigInt(out.value),
              blockNumber: confirmed ? (tx.status?.block_height ?? null) : null,
              blockHash: confirmed ? (tx.status?.block_hash ?? null) : null,
            });
          }
        }
        found.push(...transfers);
        const confirmed = txs.filter((tx) => tx.status?.confirmed === true);
        const last = confirmed.at(-1);
        if (!last || confirmed.length < ESPLORA_CHAIN_PAGE_SIZE) break;
        if (transfers.length > 0 && !(await wantsMore(transfers))) break;
        url = `${base}/address/${address}/txs/chain/${last.txid}`;
      }
      return found;
    },
  };
}
