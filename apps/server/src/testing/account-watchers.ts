// Test setting for Tron and Bitcoin deposits: a fake TronGrid and Esplora on one local port,
// answering in their formats from what a test puts in their state, and a trading desk whose
// deposit watchers read them, with helpers to list and count what the wallet recorded.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { pricePolicy } from '../modules/market/price-sources';
import { settings as settingsTable } from '../modules/settings/settings.schema';
import { createSettingsService } from '../modules/settings/settings.service';
import { evmFromTron } from '../modules/wallet/addresses';
import { createDepositAlerts } from '../modules/wallet/deposit-alerts';
import { createAccountWatcher } from '../modules/wallet/sources/account-watcher';
import { createDepositSettler } from '../modules/wallet/sources/chain-watcher';
import { esploraSource } from '../modules/wallet/sources/esplora-source';
import { TRON_USDT } from '../modules/wallet/sources/fixtures/tron-two-customers';
import { tronGridSource } from '../modules/wallet/sources/tron-grid-source';
import { createWalletRepository } from '../modules/wallet/wallet.repository';
import { walletTransactions } from '../modules/wallet/wallet.schema';
import { createWalletNotices } from '../modules/wallet/wallet-notices';
import type { TestUser } from './accounts';
import { useTradingDesk } from './use-trading-desk';
import { walletHelpers } from './wallet';

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/**
 * TronGrid rows a page the watchers' source asks for here (production asks 200): a list crosses
 * its pages with a few dozen transfers rather than hundreds, each of which is a deposit recorded.
 */
const TRON_TEST_PAGE_SIZE = 20;

/**
 * A stand-in for TronGrid and Esplora on one local port, answering in their documented formats
 * from what the test puts in `state`.
 */
export function startFakeChainApis() {
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

type AccountWatcher = ReturnType<typeof createAccountWatcher>;

/**
 * Tron and Bitcoin deposits for the enclosing `describe` block: a trading desk whose wallet settings
 * ask 19 Tron confirmations (1 USD minimum) and 2 Bitcoin ones, TRX at 0.12 USD and BTC at 60,000
 * USD, the fake TronGrid and Esplora, and a process's watchers of both reading them. Read
 * `watchers.tron`, `watchers.bitcoin` inside tests; `watchers.makeTron()` is the Tron watcher of a
 * restarted process.
 */
export function useAccountWatchers() {
  const desk = useTradingDesk();
  const w = walletHelpers(desk);
  const apis = startFakeChainApis();
  const watchers = {} as { tron: AccountWatcher; bitcoin: AccountWatcher; makeTron: () => AccountWatcher };
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

  beforeAll(async () => {
    const baseUrl = await apis.listen();
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
    watchers.makeTron = () =>
      createAccountWatcher({
        network: 'tron',
        family: 'tron',
        source: tronGridSource(`${baseUrl}/tron`, { pageSize: TRON_TEST_PAGE_SIZE }),
        db,
        repo,
        settler: makeSettler(),
        logger,
      });
    watchers.tron = watchers.makeTron();
    watchers.bitcoin = createAccountWatcher({
      network: 'bitcoin',
      family: 'bitcoin',
      source: esploraSource(`${baseUrl}/btc`),
      db,
      repo,
      settler,
      logger,
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => apis.server.close(resolve));
  });

  /** The address the wallet gives `user` for `coin` on `network`. */
  const addressOf = async (user: TestUser, coin: string, network: string) =>
    (await desk.call(user, 'POST', '/wallet/address', { coin, network })).json().data.address as string;
  /** `user`'s deposits on `network`, as the wallet lists them. */
  const deposits = async (user: TestUser, network: string) =>
    (await desk.call(user, 'GET', `/wallet/transactions?kind=deposit&network=${network}`)).json().data
      .items as Array<{
      coin: string;
      status: string;
      amount: string | null;
      confirmations: number;
      txHash: string;
    }>;
  /** How many wallet transactions a chain transaction is recorded as. */
  const recordedOf = async (txHash: string) => {
    const rows = await desk.t.deps.db.db.execute(
      sql`select count(*)::int as n from wallet_transactions where tx_hash = ${txHash}`,
    );
    return (rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n;
  };
  /** A USDT deposit on Tron recorded before the test, by an earlier process or version. */
  const recordTronDeposit = (
    row: Pick<
      typeof walletTransactions.$inferInsert,
      'userId' | 'address' | 'coinUnits' | 'status' | 'txHash'
    > &
      Partial<typeof walletTransactions.$inferInsert>,
  ) =>
    desk.t.deps.db.db
      .insert(walletTransactions)
      .values({ kind: 'deposit', coin: 'usdt', network: 'tron', token: TRON_USDT, coinDecimals: 6, ...row });

  return { desk, w, apis, watchers, addressOf, deposits, recordedOf, recordTronDeposit };
}
