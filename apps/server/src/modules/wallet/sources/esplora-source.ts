/** Bitcoin deposits read through Esplora: one deposit per output paying the address. */
import { ACCOUNT_PAGES_MAX, type AccountSource, getJson, type IncomingTransfer } from './account-source';

/** Esplora's page of confirmed transactions. */
const ESPLORA_CHAIN_PAGE_SIZE = 25;

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
