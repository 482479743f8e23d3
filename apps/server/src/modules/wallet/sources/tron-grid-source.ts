/**
 * Tron deposits read through TronGrid: an address's TRX and TRC-20 transfers, each TRC-20 transfer
 * given the index of its event in its transaction (which the listing does not carry).
 */
import { BoundedMap } from '../../../platform/bounded';
import { evmFromTron, tronFromEvm } from '../addresses';
import { ACCOUNT_PAGES_MAX, type AccountSource, getJson, type IncomingTransfer } from './account-source';

/** TronGrid's largest page. */
const TRON_PAGE_SIZE = 200;
/** TRC-20 transfers whose block is remembered (each costs a request to learn). */
const BLOCKS_REMEMBERED_MAX = 10_000;

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
export function tronGridSource(
  baseUrl: string,
  /** Rows a page (TRON_PAGE_SIZE): a test's lists cross pages with fewer transfers. */
  { pageSize = TRON_PAGE_SIZE }: { pageSize?: number } = {},
): AccountSource {
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
        const url = `${base}/v1/accounts/${address}/${path}?only_to=true&only_confirmed=false&limit=${pageSize}`;
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
          if (!fingerprint || rows.length < pageSize) break;
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
