import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../testing/accounts';
import { startTradingDesk, type TradingDesk } from '../../../testing/trading';
import { walletHelpers } from '../../../testing/wallet';
import { pricePolicy } from '../../market/price-sources';
import { settings as settingsTable } from '../../settings/settings.schema';
import { createSettingsService } from '../../settings/settings.service';
import { evmFromTron, tronFromEvm } from '../addresses';
import { createDepositAlerts } from '../deposit-alerts';
import { createWalletRepository } from '../wallet.repository';
import { walletTransactions } from '../wallet.schema';
import { createWalletNotices } from '../wallet-notices';
import { createAccountWatcher } from './account-watcher';
import { createDepositSettler } from './chain-watcher';
import { esploraSource } from './esplora-source';
import { TRON_USDT, tronTwoCustomers } from './fixtures/tron-two-customers';
import { tronGridSource } from './tron-grid-source';

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const OTHER_TRC20 = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';

/**
 * A stand-in for TronGrid and Esplora on one local port, answering in their documented formats
 * from what the test puts in `state`.
 */
function startFakeApis() {
  const state = {
    tronHead: 1000,
    btcHead: 800_000,
    tronTxs: new Map<string, unknown[]>(),
    trc20Txs: new Map<string, unknown[]>(),
    tronBlocks: new Map<string, number>(),
    /** `gettransactioninfobyid`'s whole answer for a transaction, where a test gives one. */
    tronInfo: new Map<string, unknown>(),
    btcTxs: new Map<string, Array<{ txid: string; status?: { confirmed?: boolean } }>>(),
    /** Every path asked for, in order. */
    requests: [] as string[],
  };
  /** TronGrid's paging: `limit` rows from the `fingerprint` (here an offset) on. */
  const tronPage = (rows: unknown[], url: URL) => {
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const from = Number(url.searchParams.get('fingerprint') ?? 0);
    const next = from + limit;
    return {
      data: rows.slice(from, next),
      success: true,
      meta: next < rows.length ? { fingerprint: String(next) } : {},
    };
  };
  /** Esplora's paging: the mempool and 25 confirmed, then 25 confirmed after the one named. */
  const btcPage = (txs: Array<{ txid: string; status?: { confirmed?: boolean } }>, after?: string) => {
    const confirmed = txs.filter((tx) => tx.status?.confirmed);
    if (after === undefined) return [...txs.filter((tx) => !tx.status?.confirmed), ...confirmed.slice(0, 25)];
    const at = confirmed.findIndex((tx) => tx.txid === after);
    return confirmed.slice(at + 1, at + 26);
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const path = url.pathname;
      state.requests.push(url.pathname + url.search);
      if (path === '/tron/wallet/getnowblock')
        return json({ blockID: 'ab', block_header: { raw_data: { number: state.tronHead } } });
      if (path === '/tron/wallet/gettransactioninfobyid') {
        const id = (JSON.parse(body || '{}') as { value?: string }).value ?? '';
        if (state.tronInfo.has(id)) return json(state.tronInfo.get(id));
        const block = state.tronBlocks.get(id);
        if (block === undefined) return json({});
        // The transaction's events: one transfer event per listed row, in the order listed.
        const rows = [...state.trc20Txs.values()]
          .flat()
          .filter((row) => (row as { transaction_id: string }).transaction_id === id) as Array<{
          token_info: { address: string };
          to: string;
          value: string;
        }>;
        const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');
        const log = rows.map((row) => ({
          address: evmFromTron(row.token_info.address).slice(2),
          topics: [TRANSFER_TOPIC, word('ab'), word(evmFromTron(row.to))],
          data: word(BigInt(row.value).toString(16)),
        }));
        return json({ id, blockNumber: block, log });
      }
      let m = /^\/tron\/v1\/accounts\/(\w+)\/transactions\/trc20$/.exec(path);
      if (m?.[1]) return json(tronPage(state.trc20Txs.get(m[1]) ?? [], url));
      m = /^\/tron\/v1\/accounts\/(\w+)\/transactions$/.exec(path);
      if (m?.[1]) return json(tronPage(state.tronTxs.get(m[1]) ?? [], url));
      if (path === '/btc/blocks/tip/height') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end(String(state.btcHead));
      }
      m = /^\/btc\/address\/(\w+)\/txs$/.exec(path);
      if (m?.[1]) return json(btcPage(state.btcTxs.get(m[1]) ?? []));
      m = /^\/btc\/address\/(\w+)\/txs\/chain\/(\w+)$/.exec(path);
      if (m?.[1] && m[2]) return json(btcPage(state.btcTxs.get(m[1]) ?? [], m[2]));
      res.writeHead(404);
      res.end('not found');
    });
  });
  return {
    state,
    server,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}

describe('Tron and Bitcoin deposits through their HTTP APIs', () => {
  let desk: TradingDesk;
  let w: ReturnType<typeof walletHelpers>;
  let user: TestUser;
  let tronAddress: string;
  let btcAddress: string;
  let apis: ReturnType<typeof startFakeApis>;
  let baseUrl: string;
  let tron: ReturnType<typeof createAccountWatcher>;
  let makeTron: () => ReturnType<typeof createAccountWatcher>;
  let bitcoin: ReturnType<typeof createAccountWatcher>;
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

  const deposits = async (network: string) =>
    (await desk.call(user, 'GET', `/wallet/transactions?kind=deposit&network=${network}`)).json().data
      .items as Array<{
      coin: string;
      status: string;
      amount: string | null;
      confirmations: number;
      txHash: string;
    }>;

  beforeAll(async () => {
    apis = startFakeApis();
    baseUrl = await apis.listen();
    desk = await startTradingDesk();
    w = walletHelpers(desk);
    const db = desk.t.deps.db.db;
    await db.insert(settingsTable).values({
      name: 'wallet',
      value: { networks: { tron: { confirmations: 19, minDeposit: '1' }, bitcoin: { confirmations: 2 } } },
    });
    await desk.setQuote('TRX_USDT', 1200, 1200, 'crp', 4);
    await desk.setQuote('BTC_USDT', 6_000_000, 6_000_000);
    const repo = createWalletRepository(db);
    // A process's deposit side: its settler (with its alerts) and its watchers, made anew on a restart.
    const makeSettler = () =>
      createDepositSettler({
        db,
        repo,
        settings: createSettingsService({ db, bus: desk.t.deps.bus, logger, googleClientId: undefined }),
        prices: desk.t.deps.board,
        pricePolicy: pricePolicy(desk.t.deps.config),
        logger,
        notices: createWalletNotices(desk.notify),
        alerts: createDepositAlerts({ db, notify: desk.notify, logger }),
      });
    const settler = makeSettler();
    makeTron = () =>
      createAccountWatcher({
        network: 'tron',
        family: 'tron',
        source: tronGridSource(`${baseUrl}/tron`),
        db,
        repo,
        settler: makeSettler(),
        logger,
      });
    tron = makeTron();
    bitcoin = createAccountWatcher({
      network: 'bitcoin',
      family: 'bitcoin',
      source: esploraSource(`${baseUrl}/btc`),
      db,
      repo,
      settler,
      logger,
    });
    user = await desk.newUser();
    tronAddress = (await desk.call(user, 'POST', '/wallet/address', { coin: 'usdt', network: 'tron' })).json()
      .data.address;
    btcAddress = (
      await desk.call(user, 'POST', '/wallet/address', { coin: 'btc', network: 'bitcoin' })
    ).json().data.address;
  });
  afterAll(async () => {
    await desk?.close();
    await new Promise((resolve) => apis?.server.close(resolve));
  });

  it('Tron: TRX and USDT (TRC-20) transfers pending with their confirmations, then credited once', async () => {
    const hexTo = `41${evmFromTron(tronAddress).slice(2)}`;
    apis.state.tronTxs.set(tronAddress, [
      {
        txID: 'a1'.repeat(32),
        blockNumber: 995,
        ret: [{ contractRet: 'SUCCESS' }],
        raw_data: {
          contract: [
            {
              type: 'TransferContract',
              parameter: { value: { amount: 100_000_000, owner_address: '41aa', to_address: hexTo } },
            },
          ],
        },
      },
      {
        txID: 'a2'.repeat(32),
        blockNumber: 996,
        ret: [{ contractRet: 'SUCCESS' }],
        raw_data: {
          contract: [
            { type: 'TransferContract', parameter: { value: { amount: 1_000_000, to_address: hexTo } } },
          ],
        },
      },
    ]);
    apis.state.trc20Txs.set(tronAddress, [
      {
        transaction_id: 'b1'.repeat(32),
        token_info: { symbol: 'USDT', address: TRON_USDT, decimals: 6, name: 'Tether USD' },
        block_timestamp: 1,
        from: 'TXYZ',
        to: tronAddress,
        type: 'Transfer',
        value: '50000000',
      },
      {
        transaction_id: 'b2'.repeat(32),
        token_info: { symbol: 'XYZ', address: OTHER_TRC20, decimals: 6, name: 'Other' },
        block_timestamp: 1,
        from: 'TXYZ',
        to: tronAddress,
        type: 'Transfer',
        value: '7',
      },
    ]);
    apis.state.tronBlocks.set('b1'.repeat(32), 990);
    apis.state.tronBlocks.set('b2'.repeat(32), 990);
    await tron.tick();
    let list = await deposits('tron');
    const of = (hash: string) => list.find((item) => item.txHash === hash.repeat(32));
    expect(of('a1')).toMatchObject({ coin: 'tron', status: 'pnd', confirmations: 6 });
    expect(of('b1')).toMatchObject({ coin: 'usdt', status: 'pnd', confirmations: 11 });
    expect(of('b2')).toMatchObject({ coin: 'unknown', status: 'notspprt' });

    apis.state.tronHead = 1020;
    await tron.tick();
    await tron.tick();
    list = await deposits('tron');
    // 100 TRX at 0.12 USD, 50 USDT one to one; 1 TRX (0.12 USD) is under the 1 USD minimum.
    expect(of('a1')).toMatchObject({ status: 'cnf', amount: '12.00' });
    expect(of('b1')).toMatchObject({ status: 'cnf', amount: '50.00' });
    expect(of('a2')).toMatchObject({ status: 'minFail', amount: '0.12' });
    expect(await w.realCash(user)).toBe('62.00');

    // Each credited deposit is in the user's notification centre; the one under the minimum is not.
    const centre = (await desk.call(user, 'GET', '/notifications')).json().data;
    const credited = centre.items.filter((item: { kind: string }) => item.kind === 'deposit_credited');
    expect(credited).toHaveLength(2);
    const mail = await desk.mailbox.waitFor(user.email, /Deposit credited: 50 USD/);
    expect(mail.text).toContain('50.00 USD added to your real balance');
    expect(credited).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          message: 'Deposit credited: 50 USD on Tron, 50.00 USD added to your real balance',
          payload: expect.objectContaining({
            transactionId: expect.any(String),
            coin: 'usdt',
            amount: '50.00',
          }),
        }),
        expect.objectContaining({
          payload: expect.objectContaining({ coin: 'tron', coinAmount: expect.any(String), amount: '12.00' }),
        }),
      ]),
    );
  });

  it('Bitcoin: an output seen in the mempool waits, then is credited after its confirmations', async () => {
    const tx = (confirmed: boolean) => ({
      txid: 'c1'.repeat(32),
      status: confirmed
        ? { confirmed: true, block_height: 800_001, block_hash: 'dd'.repeat(32) }
        : { confirmed: false },
      vout: [
        { scriptpubkey_address: 'bc1qsomeoneelse00000000000000000000000000', value: 5000 },
        { scriptpubkey_address: btcAddress, value: 100_000 },
      ],
    });
    apis.state.btcTxs.set(btcAddress, [tx(false)]);
    await bitcoin.tick();
    expect((await deposits('bitcoin'))[0]).toMatchObject({ coin: 'btc', status: 'pnd', confirmations: 0 });
    apis.state.btcTxs.set(btcAddress, [tx(true)]);
    apis.state.btcHead = 800_001;
    await bitcoin.tick();
    expect((await deposits('bitcoin'))[0]).toMatchObject({ status: 'pnd', confirmations: 1 });
    apis.state.btcHead = 800_002;
    await bitcoin.tick();
    await bitcoin.tick();
    const list = await deposits('bitcoin');
    expect(list).toHaveLength(1);
    // 0.001 BTC at 60,000 USD.
    expect(list[0]).toMatchObject({ status: 'cnf', amount: '60.00' });
    expect(await w.realCash(user)).toBe('122.00');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('counts but does not credit deposits while the wallet settings pause them, then credits them once', async () => {
    const admin = await desk.newUser();
    await w.makeAdmin(admin);
    const setDeposits = async (depositsEnabled: boolean) => {
      const res = await desk.call(admin, 'PUT', '/admin/settings/wallet', { depositsEnabled });
      expect(res.statusCode, res.body).toBe(200);
    };
    const tx = {
      txid: 'e1'.repeat(32),
      status: { confirmed: true, block_height: 800_010, block_hash: 'ee'.repeat(32) },
      vout: [{ scriptpubkey_address: btcAddress, value: 50_000 }],
    };
    const paused = async () => (await deposits('bitcoin')).find((item) => item.txHash === tx.txid);
    await setDeposits(false);
    try {
      apis.state.btcTxs.set(btcAddress, [tx]);
      apis.state.btcHead = 800_020;
      // The settler reads the settings through its own cache, told of the change over the bus.
      await expect
        .poll(async () => {
          await bitcoin.tick();
          return (await paused())?.confirmations;
        })
        .toBe(11);
      expect(await paused()).toMatchObject({ status: 'pnd', amount: null });
      expect(await w.realCash(user)).toBe('122.00');
    } finally {
      await setDeposits(true);
    }
    await expect
      .poll(async () => {
        await bitcoin.tick();
        return (await paused())?.status;
      })
      .toBe('cnf');
    // 0.0005 BTC at 60,000 USD, credited once.
    await bitcoin.tick();
    expect(await w.realCash(user)).toBe('152.00');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('reads an address’s older pages while they hold new transfers, and only the first once all are known', async () => {
    const carol = await desk.newUser();
    const address = async (coin: string, network: string) =>
      (await desk.call(carol, 'POST', '/wallet/address', { coin, network })).json().data.address as string;
    const tronTo = await address('usdt', 'tron');
    const btcTo = await address('btc', 'bitcoin');
    const hexTo = `41${evmFromTron(tronTo).slice(2)}`;
    const trx = (n: number) => ({
      txID: n.toString(16).padStart(64, '0'),
      blockNumber: 1000,
      ret: [{ contractRet: 'SUCCESS' }],
      raw_data: {
        contract: [
          { type: 'TransferContract', parameter: { value: { amount: 10_000_000, to_address: hexTo } } },
        ],
      },
    });
    const btc = (n: number) => ({
      txid: `f${n.toString(16).padStart(63, '0')}`,
      status: { confirmed: true, block_height: 800_000, block_hash: 'ff'.repeat(32) },
      vout: [{ scriptpubkey_address: btcTo, value: 100_000 }],
    });
    // Newest first, as both APIs list them: 205 TRX transfers (two pages), 60 confirmed Bitcoin
    // transactions (three pages).
    apis.state.tronTxs.set(
      tronTo,
      Array.from({ length: 205 }, (_, n) => trx(205 - n)),
    );
    apis.state.btcTxs.set(
      btcTo,
      Array.from({ length: 60 }, (_, n) => btc(60 - n)),
    );
    const recorded = async (to: string) => {
      const result = await desk.t.deps.db.db.execute(
        sql`select count(*)::int as n from wallet_transactions where kind = 'deposit' and address = ${to}`,
      );
      return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n;
    };
    const asked = (prefix: string) => apis.state.requests.filter((path) => path.startsWith(prefix));

    apis.state.requests = [];
    await tron.tick();
    await bitcoin.tick();
    expect(await recorded(tronTo)).toBe(205);
    expect(await recorded(btcTo)).toBe(60);
    expect(asked(`/tron/v1/accounts/${tronTo}/transactions?`)).toHaveLength(2);
    expect(asked(`/btc/address/${btcTo}/txs`)).toHaveLength(3);

    // One more of each: the first page has it, and the rest of that page is known.
    apis.state.tronTxs.get(tronTo)?.unshift(trx(206));
    apis.state.btcTxs.get(btcTo)?.unshift(btc(61));
    await tron.tick();
    await bitcoin.tick();
    await tron.tick();
    await bitcoin.tick();
    apis.state.requests = [];
    await tron.tick();
    await bitcoin.tick();
    expect(await recorded(tronTo)).toBe(206);
    expect(await recorded(btcTo)).toBe(61);
    expect(asked(`/tron/v1/accounts/${tronTo}/transactions?`)).toHaveLength(1);
    expect(asked(`/btc/address/${btcTo}/txs`)).toHaveLength(1);
    // 206 × 10 TRX at 0.12 USD, 61 × 0.001 BTC at 60,000 USD.
    expect(await w.realCash(carol)).toBe('3907.20');
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('Tron: one transaction paying two customers credits each, once, also after a restart', async () => {
    const [alice, bob] = [await desk.newUser(), await desk.newUser()];
    const tronOf = async (who: TestUser) =>
      (await desk.call(who, 'POST', '/wallet/address', { coin: 'usdt', network: 'tron' })).json().data
        .address as string;
    const [aliceTo, bobTo] = [await tronOf(alice), await tronOf(bob)];
    const payout = tronTwoCustomers(aliceTo, bobTo, 'f3'.repeat(32), apis.state.tronHead);
    for (const [to, rows] of Object.entries(payout.trc20)) apis.state.trc20Txs.set(to, rows);
    apis.state.tronInfo.set(payout.txId, payout.info);
    await tron.tick();
    const indexes = await desk.t.deps.db.db.execute(
      sql`select address, log_index from wallet_transactions where tx_hash = ${payout.txId} order by log_index`,
    );
    expect((indexes as unknown as { rows: unknown[] }).rows).toEqual([
      { address: aliceTo, log_index: 1 },
      { address: bobTo, log_index: 2 },
    ]);
    apis.state.tronHead += 19;
    await tron.tick();
    await tron.tick();
    // A restarted process reads the same transaction again: nothing new is recorded or credited.
    const restarted = makeTron();
    await restarted.tick();
    await restarted.tick();
    expect(await w.realCash(alice)).toBe('25.00');
    expect(await w.realCash(bob)).toBe('40.00');
    const rows = await desk.t.deps.db.db.execute(
      sql`select count(*)::int as n from wallet_transactions where tx_hash = ${payout.txId}`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(2);
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  });

  it('Tron: a transfer recorded at index 0 before transfers had their event’s index is not recorded again', async () => {
    const dave = await desk.newUser();
    const daveTo = (
      await desk.call(dave, 'POST', '/wallet/address', { coin: 'usdt', network: 'tron' })
    ).json().data.address as string;
    const other = tronFromEvm(`0x${'77'.repeat(20)}`);
    const payout = tronTwoCustomers(other, daveTo, 'f4'.repeat(32), apis.state.tronHead);
    // Dave's transfer is event 2; the row an older version wrote for it says 0, and was credited.
    const db = desk.t.deps.db.db;
    await db.insert(walletTransactions).values({
      userId: dave.id,
      kind: 'deposit',
      coin: 'usdt',
      network: 'tron',
      address: daveTo,
      token: TRON_USDT,
      coinUnits: '40000000',
      coinDecimals: 6,
      status: 'pnd',
      txHash: payout.txId,
      logIndex: 0,
      blockNumber: apis.state.tronHead,
      requiredConfirmations: 19,
    });
    apis.state.trc20Txs.set(daveTo, payout.trc20[daveTo] ?? []);
    apis.state.tronInfo.set(payout.txId, payout.info);
    apis.state.tronHead += 19;
    await tron.tick();
    await tron.tick();
    expect(await w.realCash(dave)).toBe('40.00');
    const rows = await db.execute(
      sql`select count(*)::int as n from wallet_transactions where tx_hash = ${payout.txId}`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });

  it('tells the back-office once of each transfer seen paying a customer and not credited, across restarts', async () => {
    const admin = await desk.newUser();
    await w.makeAdmin(admin);
    const [erin, frank] = [await desk.newUser(), await desk.newUser()];
    const tronOf = async (who: TestUser) =>
      (await desk.call(who, 'POST', '/wallet/address', { coin: 'usdt', network: 'tron' })).json().data
        .address as string;
    const [erinTo, frankTo] = [await tronOf(erin), await tronOf(frank)];
    const db = desk.t.deps.db.db;
    const payout = tronTwoCustomers(erinTo, frankTo, 'f5'.repeat(32), apis.state.tronHead);
    // Frank's key (the transaction, index 2) is already held by another deposit: his transfer is dropped.
    await db.insert(walletTransactions).values({
      userId: erin.id,
      kind: 'deposit',
      coin: 'usdt',
      network: 'tron',
      address: erinTo,
      token: TRON_USDT,
      coinUnits: '1',
      coinDecimals: 6,
      status: 'notspprt',
      txHash: payout.txId,
      logIndex: 2,
    });
    // Erin's is 0.5 USDT: under the 1 USD minimum.
    payout.trc20[erinTo] = (payout.trc20[erinTo] ?? []).map((row) => ({ ...row, value: '500000' }));
    const transferLog = payout.info.log[1];
    if (transferLog) transferLog.data = (500_000).toString(16).padStart(64, '0');
    for (const [to, rows] of Object.entries(payout.trc20)) apis.state.trc20Txs.set(to, rows);
    apis.state.tronInfo.set(payout.txId, payout.info);
    apis.state.tronHead += 19;
    await tron.tick();
    await tron.tick();
    await makeTron().tick();
    await makeTron().tick();

    const centre = (await desk.call(admin, 'GET', '/notifications?limit=100')).json().data;
    const alerts = (centre.items as Array<{ kind: string; payload: Record<string, unknown> }>).filter(
      (item) => item.kind === 'deposit_not_credited' && item.payload.txHash === payout.txId,
    );
    expect(
      alerts.map((item) => [item.payload.address, item.payload.logIndex, item.payload.reason]).sort(),
    ).toEqual(
      [
        [erinTo, 1, 'below_minimum'],
        [frankTo, 2, 'duplicate_key'],
      ].sort(),
    );
    expect(alerts.find((item) => item.payload.reason === 'duplicate_key')?.payload).toMatchObject({
      userId: frank.id,
      coinUnits: '40000000',
      token: TRON_USDT,
    });
    // A customer is not told of staff alerts.
    const frankCentre = (await desk.call(frank, 'GET', '/notifications')).json().data;
    expect(
      frankCentre.items.filter((item: { kind: string }) => item.kind === 'deposit_not_credited'),
    ).toEqual([]);
    expect(await w.realCash(erin)).toBe('0.00');
    expect(await w.realCash(frank)).toBe('0.00');
  });
});
