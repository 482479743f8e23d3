// `npm run chaos -- [minutes] [--seed N] [--embedded] [--users N] [--spare-shared]`: a deployment on this machine
// under load while processes are killed, paused, and PostgreSQL and Redis go away; then the money
// checker on the database and the chain. Ends with one line, and a non-zero exit on any violation.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { type PublicClient, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Executor } from '../modules/ledger/ledger';
import { createRng } from '../modules/market/rng';
import { hotWalletKeyFromMnemonic } from '../modules/wallet/hd';
import { openDatabase } from '../platform/db/client';
import { totpNow } from '../testing/accounts';
import { startLocalChain } from '../testing/local-chain';
import { checkMoney, rowsOf, type Violation } from '../testing/money-checker';
import { createTestDatabase, MIGRATIONS_DIR } from '../testing/test-database';
import { startTestMailbox } from '../testing/test-mailbox';
import { approveHeldWithdrawals, createDepositor, settledOnChain } from './chain-activity';
import { checkChain } from './chain-check';
import { type Cluster, type Member, startCluster, until } from './cluster';
import { actAsCrossUser, CROSS_GROUP, createCrossGroup } from './cross-margin';
import { planFaults, strike } from './faults';
import { createPriceWatch } from './price-watch';
import { ADMIN_IP, createUsers } from './simulated-users';
import { compareViews, startWatchers } from './stream-watchers';
import { createBalancedApi, createTally } from './traffic';
import { actAsUser } from './user-behaviour';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'chaos-admin@tradingdesk.example', password: 'Chaos!Adm1n#Passw0rd' };
/** Confirmations the Ethereum network asks for in the run (the node mines a block a second). */
const CONFIRMATIONS = 3;
const SETTLE_MS = 90_000;

interface Options {
  minutes: number;
  seed: number;
  embedded: boolean;
  users: number;
  /** No PostgreSQL restart and no Redis stop: the machine's servers are shared with other work. */
  spareShared: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    minutes: 5,
    seed: Math.floor(Math.random() * 2 ** 31),
    embedded: false,
    users: 50,
    spareShared: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--seed') options.seed = Number(argv[++i]);
    else if (arg === '--users') options.users = Number(argv[++i]);
    else if (arg === '--embedded') options.embedded = true;
    else if (arg === '--spare-shared') options.spareShared = true;
    else if (arg && /^\d+(\.\d+)?$/.test(arg)) options.minutes = Number(arg);
    else
      throw new Error(
        `unknown argument ${arg}; usage: npm run chaos -- [minutes] [--seed N] [--embedded] [--users N] [--spare-shared]`,
      );
  }
  if (!Number.isInteger(options.seed) || options.users < 1)
    throw new Error('--seed and --users take whole numbers');
  return options;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const rng = createRng(options.seed);
  const durationMs = Math.round(options.minutes * 60_000);
  const runDir = mkdtempSync(join(tmpdir(), 'td-chaos-'));
  const say = (line: string) => console.info(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  say(
    `seed ${options.seed}, ${options.minutes} min, ${options.embedded ? 'embedded database, one process' : 'PostgreSQL and Redis, 2 api,stream + 2 market,chain'}, ${options.users} users${options.spareShared ? ', PostgreSQL and Redis spared' : ''}; logs in ${runDir}`,
  );

  const database = options.embedded ? undefined : await createTestDatabase('postgres');
  const mailbox = await startTestMailbox();
  const chain = await startLocalChain();
  let cluster: Cluster | undefined;
  const cleanups: Array<() => Promise<unknown>> = [
    async () => cluster?.stopAll(),
    () => chain.stop(),
    () => mailbox.close(),
    async () => database?.drop(),
  ];
  const violations: Violation[] = [];
  const tally = createTally();
  let faultCount = 0;
  try {
    const hot = privateKeyToAccount(hotWalletKeyFromMnemonic());
    await chain.client.waitForTransactionReceipt({
      hash: await chain.deployer.sendTransaction({ to: hot.address, value: parseEther('1000') }),
    });
    const dataDir = join(runDir, 'data');
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      JWT_SECRET: `chaos-${options.seed}-${'s'.repeat(40)}`,
      SMTP_URL: mailbox.url,
      EVM_RPC_ETHEREUM: chain.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: 'loopback',
      // The local chain's deposits are valued at the simulated prices, as in a demonstration.
      REAL_TRADING_ON_SIMULATED_PRICES: 'true',
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url ?? '', REDIS_URL } : {}),
    };
    cluster = await startCluster({
      env,
      members: options.embedded
        ? { all: 'api,stream,market,chain' }
        : {
            'api-1': 'api,stream',
            'api-2': 'api,stream',
            'market-1': 'market,chain',
            'market-2': 'market,chain',
          },
      logDir: join(runDir, 'logs'),
    });
    const running = cluster;
    const apis = running.byRole('api');
    const api = createBalancedApi(() => apis, tally, rng);
    say(`cluster up: ${running.members.map((m) => `${m.name} ${m.url}`).join(', ')}`);

    const signin = await api<{ data: { token: string } }>('/auth/signin', {
      method: 'POST',
      body: ADMIN,
      ip: ADMIN_IP,
    });
    if (signin?.status !== 200) throw new Error(`administrator sign-in: ${signin?.status}`);
    const adminToken = signin.body.data.token;
    // The back-office asks staff for a second factor: the administrator turns two-factor on.
    const setup = await api<{ data: { secret: string } }>('/auth/2fa/generate', {
      token: adminToken,
      ip: ADMIN_IP,
    });
    const activated = await api('/auth/2fa/activate', {
      method: 'POST',
      token: adminToken,
      body: { code: totpNow(setup?.body.data.secret ?? ''), currentPassword: ADMIN.password },
      ip: ADMIN_IP,
    });
    if (activated?.status !== 200) throw new Error(`administrator two-factor: ${activated?.status}`);
    const settings = await api('/admin/settings/wallet', {
      method: 'PUT',
      token: adminToken,
      body: { networks: { ethereum: { confirmations: CONFIRMATIONS } } },
      ip: ADMIN_IP,
    });
    if (settings?.status !== 200) throw new Error(`wallet settings: ${settings?.status}`);

    const prices = createPriceWatch(api);
    await prices.start();
    await until(async () => prices.priceOf('BTC_USDT') !== undefined, 60_000, 'prices');
    const users = await createUsers({
      api,
      apiMember: apis[0] as Member,
      mailbox,
      adminToken,
      count: options.users,
      onChain: Math.max(1, Math.round(options.users / 10)),
    });
    const depositor = await createDepositor(chain);
    const fromBlock = await chain.client.getBlockNumber();
    say(`${users.length} users signed up (${users.filter((u) => u.onChain).length} verified, on the chain)`);
    // The last tenth trade in a `cross` group, near its stop-out (none of them on the chain).
    const crossUsers = users.filter((u) => !u.onChain).slice(-Math.max(2, Math.round(options.users / 10)));
    await createCrossGroup(api, adminToken, crossUsers, options.seed);
    say(
      `${crossUsers.length} users in a cross group (margin call ${CROSS_GROUP.marginCallLevel} %, stop-out ${CROSS_GROUP.stopOutLevel} %)`,
    );

    // The node mines a block a second besides the transactions, so deposits gather confirmations.
    const miner = setInterval(() => void chain.test.mine({ blocks: 1 }).catch(() => undefined), 1_000);
    // A reviewer approves held withdrawals every few seconds.
    const reviewer = setInterval(() => void approveHeldWithdrawals(api, adminToken).catch(() => 0), 3_000);
    const watchers = startWatchers(
      users.slice(0, Math.min(20, users.length)),
      running.byRole('stream'),
      api,
      rng,
    );
    const errors: string[] = [];
    const endsAt = Date.now() + durationMs;
    const loadRunning = () => Date.now() < endsAt;
    const load = Promise.all(
      users.map((user, i) =>
        (crossUsers.includes(user) ? actAsCrossUser : actAsUser)({
          user,
          api,
          rng: createRng(options.seed + i + 1),
          tally,
          prices,
          mailbox,
          depositor,
          running: loadRunning,
          errors,
        }),
      ),
    );

    // Faults, at their planned moments.
    const startedAt = Date.now();
    const pending: Array<Promise<unknown>> = [];
    for (const fault of planFaults(rng, durationMs, options.embedded, options.spareShared)) {
      const wait = startedAt + fault.at - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      faultCount += 1;
      pending.push(strike(fault, running, rng, say, database?.url));
    }
    await Promise.allSettled(pending);
    await load;
    clearInterval(miner);
    clearInterval(reviewer);
    say(`load stopped: ${tally.requests} requests (${tally.summary()})`);
    for (const [key, message] of tally.examples) say(`  ${key}: ${message}`);

    // Settle: every process up, the chain mined past every confirmation, withdrawals sent.
    await running.ensureAllUp();
    await chain.test.mine({ blocks: CONFIRMATIONS + 2 });
    const settled = await until(
      async () => {
        await chain.test.mine({ blocks: 1 });
        await approveHeldWithdrawals(api, adminToken);
        return settledOnChain(users, api, depositor.sent);
      },
      SETTLE_MS,
      'deposits credited and withdrawals sent',
    ).then(
      () => true,
      (error: Error) => {
        say(error.message);
        return false;
      },
    );
    violations.push(
      ...(await compareViews(watchers, api, 30_000)).map((detail) => ({
        rule: 'a reconnected client shows the orders the API shows',
        detail,
      })),
    );
    for (const watcher of watchers) watcher.close();
    prices.stop();
    // The embedded database is its process's alone: the checker opens it once the process stopped.
    if (options.embedded) await running.stopAll();
    const handle = await openDatabase(
      database?.url ? { kind: 'postgres', url: database.url } : { kind: 'pglite', dir: join(dataDir, 'db') },
      { migrationsDir: MIGRATIONS_DIR, logger: pino({ level: 'silent' }) },
    );
    try {
      if (!settled) say('checking anyway: what did not settle is named below');
      violations.push(
        ...(await checkMoney(handle.db, { acknowledgedOrderIds: [...tally.acknowledgedOrderIds] })),
      );
      violations.push(
        ...(await checkChain({
          db: handle.db,
          client: chain.client as PublicClient,
          hotWallet: hot.address,
          deposits: depositor.sent,
          fromBlock,
        })),
      );
      const figures = await runFigures(handle.db);
      const reconnects = watchers.reduce((sum, w) => sum + Math.max(0, w.stats.connects - 1), 0);
      const resyncs = watchers.reduce((sum, w) => sum + w.stats.resyncs, 0);
      say(
        `figures: ${tally.acknowledgedOrderIds.size} orders acknowledged; ${figures}; ${depositor.sent.length} deposits sent; ${reconnects} stream reconnects, ${resyncs} resyncs; restarts ${running.members.map((m) => `${m.name} ${m.restarts}`).join(', ')}`,
      );
      if (errors.length > 0) say(`client errors (not violations): ${errors.length}, first: ${errors[0]}`);
    } finally {
      await handle.close();
    }
    writeFileSync(join(runDir, 'violations.json'), JSON.stringify(violations, null, 2));
    for (const violation of violations.slice(0, 50)) say(`VIOLATION ${violation.rule}: ${violation.detail}`);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error: Error) => say(`cleanup: ${error.message}`));
  }
  console.info(`chaos: ${faultCount} faults, ${tally.requests} requests, ${violations.length} violations`);
  process.exit(violations.length === 0 ? 0 : 1);
}

async function runFigures(db: Executor): Promise<string> {
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql.raw(`select
       (select count(*) from orders where status = 'exc')::int as triggered,
       (select count(*) from orders)::int as orders,
       (select count(*) from wallet_transactions where kind = 'deposit' and status = 'cnf')::int as deposits,
       (select count(*) from wallet_transactions where kind = 'withdrawal' and status in ('snt','cnf'))::int as withdrawals,
       (select count(*) from price_alerts where fired_at is not null)::int as alerts,
       (select count(*) from orders o join users u on u.id = o.user_id
          join client_groups g on g.id = u.group_id where g.margin_mode = 'cross' and o.price is not null)::int as "crossPositions",
       (select count(*) from orders where reason = 'stop_out')::int as "stopOuts",
       (select count(*) from notifications where kind = 'margin_call')::int as "marginCalls",
       (select count(*) from orders where swap <> 0)::int as swapped,
       (select coalesce(sum(swap), 0) from orders)::float8 / 100 as "swapUsd",
       (select count(*) from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where a.book = 'house' and a.kind = 'write_offs' and e.amount_cents <> 0)::int as "writeOffs",
       (select coalesce(-sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts a
          on a.id = e.account_id where a.book = 'house' and a.kind = 'write_offs')::float8 / 100 as "writeOffUsd"`),
  );
  if (!row) return 'no figures';
  return `${row.orders} orders stored, ${row.triggered} closed by a trigger, ${row.crossPositions} cross positions opened, ${row.stopOuts} closed by a cross stop-out, ${row.marginCalls} margin calls, ${row.swapped} positions charged swaps (${row.swapUsd} USD), ${row.writeOffs} write-offs (${row.writeOffUsd} USD), ${row.deposits} deposits credited, ${row.withdrawals} withdrawals sent, ${row.alerts} alerts fired`;
}

main().catch((error: Error) => {
  console.error(`chaos: failed to run: ${error.stack ?? error.message}`);
  process.exit(2);
});
