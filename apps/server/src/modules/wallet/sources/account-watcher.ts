import type { TNetwork } from '@td/contracts/constants';
import { PAYMENT_CODE } from '@td/contracts/statuses';
import type { TChainFamily } from '@td/contracts/wallet';
import { BoundedMap } from '../../../platform/bounded';
import type { Database } from '../../../platform/db/client';
import type { Logger } from '../../../platform/logger';
import { tronFromEvm } from '../addresses';
import type { WalletRepository } from '../wallet.repository';
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
 * Esplora): new transfers are recorded once (the transaction and its index are unique), a
 * transfer that reaches a block gets it, and the settler counts confirmations and credits.
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
          `${row.txHash}|${row.logIndex}`,
          row,
        ]),
      );
      const keyOf = (transfer: IncomingTransfer) => `${transfer.txHash}|${transfer.index}`;
      // Older pages matter only while a page still holds a transfer not recorded, or pending.
      const wantsMore = async (page: IncomingTransfer[]) => {
        const recorded = await repo.recordedDeposits(
          network,
          page.map((transfer) => transfer.txHash),
        );
        return page.some((transfer) => !recorded.has(keyOf(transfer)) || pending.has(keyOf(transfer)));
      };
      for (const [address, userId] of book) {
        for (const transfer of await source.incoming(address, wantsMore)) {
          const known = pending.get(keyOf(transfer));
          if (known) {
            if (known.blockNumber !== transfer.blockNumber || known.blockHash !== transfer.blockHash)
              await repo.update(db, known.id, {
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

/**
 * TronGrid's documented API: `POST /wallet/getnowblock` for the head, the account's incoming
 * TRX transfers at `/v1/accounts/{address}/transactions?only_to=true`, its TRC-20 transfers at
 * `/v1/accounts/{address}/transactions/trc20?only_to=true` (200 a page, the next named by
 * `meta.fingerprint`), and the block of a TRC-20 transfer from `POST /wallet/gettransactioninfobyid`.
 */
export function tronGridSource(baseUrl: string): AccountSource {
  const base = baseUrl.replace(/\/+$/, '');
  const headers = { accept: 'application/json', 'content-type': 'application/json' };
  // Transfers already placed in their block; the watcher asks again for one it has forgotten.
  const blockOf = new BoundedMap<string, number>(BLOCKS_REMEMBERED_MAX);
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
      const tokens = await pages<Trc20Tx>('transactions/trc20', async (rows) => {
        const found: IncomingTransfer[] = [];
        for (const tx of rows) {
          if (tx.type !== 'Transfer' || tx.to !== address || !tx.value || !tx.token_info?.address) continue;
          let block = blockOf.get(tx.transaction_id);
          if (block === undefined) {
            const info = (await getJson(`${base}/wallet/gettransactioninfobyid`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ value: tx.transaction_id }),
            })) as { blockNumber?: number };
            if (typeof info.blockNumber === 'number') {
              block = info.blockNumber;
              blockOf.set(tx.transaction_id, block);
            }
          }
          found.push({
            txHash: tx.transaction_id,
            index: 0,
            token: tx.token_info.address,
            units: BigInt(tx.value),
            blockNumber: block ?? null,
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
