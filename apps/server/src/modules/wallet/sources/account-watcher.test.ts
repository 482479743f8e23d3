import { afterEach, describe, expect, it, vi } from 'vitest';
import { tronFromEvm } from '../addresses';
import type { IncomingTransfer } from './account-source';
import { TRON_USDT, tronTwoCustomers } from './fixtures/tron-two-customers';
import { trc20EventIndex, tronGridSource, tronTransactionInfo } from './tron-grid-source';

const ALICE = tronFromEvm(`0x${'11'.repeat(20)}`);
const BOB = tronFromEvm(`0x${'22'.repeat(20)}`);
const BASE = 'https://tron.example';

/** TronGrid answering from the fixture: each account's TRC-20 listing and the transaction's info. */
function stubTronGrid(fixture: ReturnType<typeof tronTwoCustomers>, info: unknown = fixture.info) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    asked.push(url.pathname);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.pathname === '/wallet/gettransactioninfobyid') {
      expect(JSON.parse(String(init?.body))).toEqual({ value: fixture.txId });
      return json(info);
    }
    const trc20 = /^\/v1\/accounts\/(\w+)\/transactions\/trc20$/.exec(url.pathname);
    if (trc20?.[1]) return json({ data: fixture.trc20[trc20[1]] ?? [], meta: {} });
    if (/^\/v1\/accounts\/\w+\/transactions$/.test(url.pathname)) return json({ data: [], meta: {} });
    return new Response('not found', { status: 404 });
  });
  return asked;
}

const readAll = async (source: ReturnType<typeof tronGridSource>, address: string) =>
  source.incoming(address, async () => true);

describe('TronGrid source: TRC-20 transfers take their event’s index in the transaction', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives the two transfers of one transaction to two customers their own indexes, the same on every read', async () => {
    const fixture = tronTwoCustomers(ALICE, BOB);
    stubTronGrid(fixture);
    const source = tronGridSource(BASE);
    const expected = (index: number, units: bigint): IncomingTransfer => ({
      txHash: fixture.txId,
      index,
      token: TRON_USDT,
      units,
      blockNumber: 990,
      blockHash: null,
    });
    expect(await readAll(source, ALICE)).toEqual([expected(1, 25_000_000n)]);
    expect(await readAll(source, BOB)).toEqual([expected(2, 40_000_000n)]);
    // A rescan, by this process or a new one (nothing remembered), reads the same indexes.
    expect(await readAll(source, BOB)).toEqual([expected(2, 40_000_000n)]);
    expect(await readAll(tronGridSource(BASE), ALICE)).toEqual([expected(1, 25_000_000n)]);
  });

  it('leaves a transfer whose transaction is in no block yet for a later pass', async () => {
    const fixture = tronTwoCustomers(ALICE, BOB);
    stubTronGrid(fixture, {});
    expect(await readAll(tronGridSource(BASE), ALICE)).toEqual([]);
  });

  it('reads the events of a transaction, and matches each listing row to an event once', () => {
    const fixture = tronTwoCustomers(ALICE, ALICE);
    // Two equal payments to the same customer in one transaction are two transfers.
    fixture.info.log[2] = {
      ...fixture.info.log[1],
      topics: [...(fixture.info.log[1]?.topics ?? [])],
    } as never;
    const info = tronTransactionInfo(fixture.info);
    expect(info?.events.map((event) => event.index)).toEqual([1, 2]);
    const taken = new Set<number>();
    const transfer = { token: TRON_USDT, to: ALICE, units: 25_000_000n };
    const first = trc20EventIndex(info?.events ?? [], taken, transfer);
    taken.add(first ?? -1);
    const second = trc20EventIndex(info?.events ?? [], taken, transfer);
    taken.add(second ?? -1);
    expect([first, second]).toEqual([1, 2]);
    expect(trc20EventIndex(info?.events ?? [], taken, transfer)).toBeUndefined();
    // Another amount, recipient or token matches no event; a malformed address neither.
    expect(trc20EventIndex(info?.events ?? [], new Set(), { ...transfer, units: 1n })).toBeUndefined();
    expect(trc20EventIndex(info?.events ?? [], new Set(), { ...transfer, to: BOB })).toBeUndefined();
    expect(trc20EventIndex(info?.events ?? [], new Set(), { ...transfer, token: 'T0' })).toBeUndefined();
    expect(tronTransactionInfo({ blockNumber: 5 })).toBeUndefined();
  });
});
