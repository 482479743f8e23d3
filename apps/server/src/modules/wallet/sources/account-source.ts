/**
 * What the account watcher reads a chain through: a source that lists an address's incoming
 * transfers page by page (`tron-grid-source.ts`, `esplora-source.ts`), and the JSON read they share.
 */

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

/** A JSON answer from a chain's HTTP API; any other status than 2xx is an error. */
export const getJson = async (url: string, init?: RequestInit): Promise<unknown> => {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
};
