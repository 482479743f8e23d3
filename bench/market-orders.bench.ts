import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  bearer,
  buildTestApp,
  createUser,
  randomIp,
  startTestMailbox,
  TEST_POSTGRES_URL,
  type TestUser,
} from '@td/server/testing';
import Fastify from 'fastify';
import pg from 'pg';
import {
  endedChildrenCpuMs,
  mainThreadSchedMs,
  postgresCpuMs,
  postmasterOf,
  processCpuMs,
} from './support/cpu';
import { startTradingDeskQuotes } from './support/quotes';
import { type BenchReport, percentile } from './support/report';

const USERS = 50;
/**
 * Users of the placing statement's own: the first `USERS` for pgbench (each client places its
 * orders on one account of its own, as each of the product's users does), the next `USERS` for
 * the bare route, so neither spends the other's demo money.
 */
const STATEMENT_ACCOUNTS = 2 * USERS;

/**
 * Each user places market orders until the time is up (plain JS for the worker): back to back
 * when `paceMs` is 0 (the most the server can take), otherwise one every `paceMs` on a fixed
 * schedule, latency counted from the scheduled moment so that a slow answer is not hidden by the
 * requests it delayed. Each user keeps one keep-alive connection and writes its requests as raw
 * HTTP/1.1, as pgbench's clients speak the wire protocol directly, and does as little as it can
 * per order so that the load costs the two cores it shares with the server little: the request's
 * constant parts are made once, an answer is read from its bytes (status line, length, the
 * order's status) without parsing its JSON. fetch() cost more than half a core at these rates;
 * JSON and string handling per request, a fifth of a millisecond per order.
 */
const ORDER_LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { base, seconds, users, paceMs, run } = workerData;
const latencies = [];
let rejected = 0;
let failed = 0;
let firstError = '';
let firstRejection = '';
const startedAt = performance.now();
const deadline = startedAt + seconds * 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** This thread's time on a CPU so far, in ms (Linux; NaN elsewhere). */
const cpuMs = () => {
  try {
    return Number(require('node:fs').readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
};
const cpuAtStart = cpuMs();
const HEAD_END = Buffer.from('\\r\\n\\r\\n');
const LENGTH = Buffer.from('content-length:');
const OPENED = Buffer.from('"status":"act"');

/** One keep-alive connection: send(bytes) resolves with the answer's status, length and bytes. */
function connection(url) {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
  let buffered = Buffer.alloc(0);
  let waiting;
  socket.on('data', (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    const headEnd = buffered.indexOf(HEAD_END);
    if (headEnd < 0) return;
    let at = buffered.indexOf(LENGTH);
    if (at < 0 || at > headEnd) at = buffered.indexOf('Content-Length:');
    let length = 0;
    for (at += LENGTH.length; buffered[at] === 32; at++);
    for (; buffered[at] >= 48 && buffered[at] <= 57; at++) length = length * 10 + buffered[at] - 48;
    const end = headEnd + 4 + length;
    if (buffered.length < end) return;
    const status = (buffered[9] - 48) * 100 + (buffered[10] - 48) * 10 + (buffered[11] - 48);
    const body = buffered.subarray(headEnd + 4, end);
    buffered = buffered.length === end ? Buffer.alloc(0) : buffered.subarray(end);
    const done = waiting;
    waiting = undefined;
    done.resolve({ status, body });
  });
  socket.on('error', (error) => waiting?.reject(error));
  return {
    send(bytes) {
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(bytes);
      });
    },
    ready: new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    }),
    close: () => socket.end(),
  };
}

Promise.all(users.map(async (user, index) => {
  // A crowd connects a hundred at a time, as the server's accept queue (511) takes them.
  await sleep(Math.floor(index / 100) * 20);
  const url = user.base || base;
  let http = connection(url);
  await http.ready;
  // Everything but the side and the client order id is the same for every order of a user.
  const head = 'POST /orders HTTP/1.1\\r\\nhost: ' + new URL(url).hostname + '\\r\\nauthorization: ' +
    user.authorization + '\\r\\nx-forwarded-for: ' + user.ip +
    '\\r\\ncontent-type: application/json\\r\\ncontent-length: ';
  const bodyStart = '{"account":"demo","symbol":"BTC_USDT","type":"market","amount":"10","leverage":1,"side":"';
  const idStart = '","clientOrderId":"bench-' + run + '-' + index + '-';
  let n = 0;
  let due = startedAt + (paceMs * index) / users.length;
  while (performance.now() < deadline) {
    if (paceMs > 0) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
    const started = paceMs > 0 ? due : performance.now();
    due += paceMs;
    const body = bodyStart + (n % 2 ? 'buy' : 'sell') + idStart + n++ + '"}';
    let response;
    try {
      response = await http.send(head + body.length + '\\r\\n\\r\\n' + body);
    } catch (error) {
      // A connection the server reset: counted, and the user connects again.
      failed++;
      firstError = firstError || error.message;
      http.close();
      http = connection(url);
      await http.ready.catch(() => undefined);
      continue;
    }
    latencies.push(performance.now() - started);
    if (response.status !== 201 || response.body.indexOf(OPENED) < 0) {
      rejected++;
      firstRejection = firstRejection || response.status + ' ' + response.body.toString().slice(0, 200);
    }
  }
  http.close();
})).then(() => parentPort.postMessage({
  latencies, rejected, failed, firstError, firstRejection, loadCpuMs: cpuMs() - cpuAtStart,
}));
`;

export function runOrderLoad(workerData: {
  /** Where users without a base of their own send their orders. */
  base: string;
  seconds: number;
  paceMs: number;
  /** Names the run's clientOrderIds, so no run replays another's orders. */
  run: string;
  users: Array<{ authorization: string; ip: string; base?: string }>;
}): Promise<{
  latencies: number[];
  rejected: number;
  failed: number;
  firstError: string;
  firstRejection: string;
  /** The load generator's own time on a CPU, in ms (NaN where the system does not say). */
  loadCpuMs: number;
}> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ORDER_LOAD, { eval: true, workerData });
    worker.once('message', (result: Awaited<ReturnType<typeof runOrderLoad>>) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const roundMs = (value: number) => Math.round(value * 10) / 10;

/** pgbench's built-in TPC-B-like transaction rate on the same server, in the same run. */
function pgbenchTps(seconds: number): number {
  const name = `bench_${Date.now().toString(36)}`;
  const url = new URL(TEST_POSTGRES_URL);
  const admin = {
    host: url.hostname,
    port: url.port || '5432',
    user: decodeURIComponent(url.username) || 'postgres',
  };
  const args = ['-h', admin.host, '-p', admin.port, '-U', admin.user];
  execFileSync('createdb', [...args, name]);
  try {
    execFileSync('pgbench', [...args, '-i', '-q', '-s', '1', name], { stdio: 'ignore' });
    const out = execFileSync('pgbench', [
      ...args,
      '-c',
      String(USERS),
      '-j',
      '2',
      '-T',
      String(seconds),
      name,
    ]).toString();
    const match = /tps = ([\d.]+)/.exec(out);
    return match ? Number(match[1]) : Number.NaN;
  } finally {
    execFileSync('dropdb', [...args, '--if-exists', name]);
  }
}

interface CpuProfile {
  nodes: { id: number; callFrame: { url: string; functionName: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a CPU profile's time went, by package (or the server's module, or V8's own work). */
function profileShares(profile: CpuProfile): { part: string; share: number }[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const partOf = (id: number) => {
    const frame = nodes.get(id)?.callFrame;
    const url = frame?.url ?? '';
    if (!url) return frame?.functionName ? `(${frame.functionName})` : '(native)';
    const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (dependency?.[1]) return dependency[1];
    const own = /apps\/server\/src\/((?:modules|platform)\/[^/]+|[^/]+)/.exec(url);
    if (own?.[1]) return `server ${own[1]}`;
    if (url.startsWith('node:')) return url.split('/')[0] ?? url;
    return /^wasm:/.test(url) ? 'WebAssembly' : url.replace(/^.*\//, '');
  };
  // The profiler's own work (the inspector session answering) is not the server's.
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const isProfilers = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      if (nodes.get(at)?.callFrame.url.startsWith('node:inspector')) return true;
    }
    return false;
  };
  const time = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    if (isProfilers(id)) return;
    const delta = profile.timeDeltas[index] ?? 0;
    total += delta;
    const part = partOf(id);
    time.set(part, (time.get(part) ?? 0) + delta);
  });
  return [...time].map(([part, spent]) => ({ part, share: spent / total })).sort((a, b) => b.share - a.share);
}

/** A parameter as an SQL literal: the statement pgbench runs is the product's, with its values in. */
function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** The placing statement as the server sent it for one order, and the server's answer to it. */
interface PlacingStatement {
  text: string;
  params: unknown[];
  /** The values in `params` that belong to that one order and user. */
  orderId: string;
  userId: string;
  answer: string;
  url: string;
}

/**
 * A bare Fastify server doing only what the database needs for an order: `POST /orders` parses
 * the JSON body and runs the product's placing statement (prepared, a pool of the product's
 * size) for the user named by the `authorization` header, with a fresh order id, the body's side
 * and client order id, and answers the product's own answer with the new id. No sign-in, no
 * checks, no hooks, no bus: the most Node, Fastify and pg take on this machine for the same
 * statement, the floor under the product's rate.
 */
async function bareStatementServer(
  placing: PlacingStatement,
): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: placing.url, max: 20 });
  const app = Fastify();
  const [before, after] = placing.answer.split(placing.orderId);
  app.post('/orders', async (request, reply) => {
    const body = request.body as { side: string; clientOrderId: string };
    const orderId = randomUUID();
    const values = placing.params.map((value) => {
      if (value === placing.orderId) return orderId;
      if (value === placing.userId) return request.headers.authorization;
      if (value === 'pgbench-capture') return body.clientOrderId;
      if (value === 'buy') return body.side;
      return value;
    });
    await pool.query({ name: 'bare_placing', text: placing.text, values });
    return reply.code(201).type('application/json; charset=utf-8').send(`${before}${orderId}${after}`);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/**
 * The rate at which PostgreSQL runs the product's own placing statement (the order and its money
 * in one statement, as a demo market order is written), by 50 pgbench clients on the same server
 * in the same run: the database's own limit for what an order asks of it, without HTTP, validation
 * or the pool. The statement is the one the server sent for an order placed through the API (its
 * text and parameters captured on the way), repeated for users of its own with a fresh
 * order id and client order id each time. Each client keeps to one account (pgbench's
 * `:client_id` picks it), as each of the product's users does: spread at random over the accounts,
 * two clients would often wait for the same account's row lock, which the product's run never does.
 */
async function placingStatementTps(
  t: Awaited<ReturnType<typeof buildTestApp>>,
  users: TestUser[],
  base: string,
  seconds: number,
  postmaster: number,
): Promise<{ tps: number; postgresMs: number; pgbenchMs: number; placing: PlacingStatement }> {
  const handle = t.deps.db;
  const url = handle.url;
  if (!url) throw new Error('the placing statement needs a PostgreSQL server');
  const placeOrder = (user: TestUser, clientOrderId: string) =>
    fetch(`${base}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(user.token), 'x-forwarded-for': randomIp() },
      body: JSON.stringify({
        account: 'demo',
        symbol: 'BTC_USDT',
        side: 'buy',
        type: 'market',
        amount: '10',
        leverage: 1,
        clientOrderId,
      }),
    });
  // A user's first order opens their accounts (the statement needs them), as in the product's run.
  for (const user of users) {
    const opened = await placeOrder(user, 'pgbench-open');
    if (opened.status !== 201) throw new Error(`opening an account: ${opened.status} ${await opened.text()}`);
  }
  const original = handle.query.bind(handle);
  let captured: { text: string; params: unknown[] } | undefined;
  handle.query = (async (text: string, params: unknown[], name?: string) => {
    if (!captured && text.includes('insert into orders') && text.includes('with posting'))
      captured = { text, params: [...params] };
    return original(text, params, name);
  }) as typeof handle.query;
  const [first] = users;
  if (!first) throw new Error('the placing statement needs a user');
  let placed: { id: string; clientOrderId: string | null } | undefined;
  let answerText = '';
  try {
    const answer = await placeOrder(first, 'pgbench-capture');
    answerText = await answer.text();
    placed = (JSON.parse(answerText) as { data: { id: string; clientOrderId: string | null } }).data;
  } finally {
    handle.query = original;
  }
  if (!captured || !placed) throw new Error('the placing statement was not seen');
  const statement = captured;
  const orderId = placed.id;
  const dir = mkdtempSync(join(tmpdir(), 'td-pgbench-'));
  try {
    const clients = users.slice(0, USERS);
    const branches = clients.map((user, index) => {
      const sql = statement.text.replace(/\$(\d+)/g, (_, position: string) => {
        const value = statement.params[Number(position) - 1];
        if (value === orderId) return 'gen_random_uuid()';
        if (value === 'pgbench-capture') return "'pgbench-' || gen_random_uuid()";
        if (value === first.id) return sqlLiteral(user.id);
        return sqlLiteral(value);
      });
      return `${index === 0 ? '\\if' : '\\elif'} :client_id = ${index}\n${sql.replace(/\s+/g, ' ').trim()};\n`;
    });
    const script = join(dir, 'placing.sql');
    writeFileSync(script, `${branches.join('')}\\endif\n`);
    const target = new URL(url);
    const postgresBefore = postgresCpuMs(postmaster);
    const pgbenchBefore = endedChildrenCpuMs();
    const out = execFileSync('pgbench', [
      '-h',
      target.hostname,
      '-p',
      target.port || '5432',
      '-U',
      decodeURIComponent(target.username) || 'postgres',
      '-n',
      '-M',
      'prepared',
      '-c',
      String(clients.length),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      script,
      target.pathname.slice(1),
    ]).toString();
    const match = /tps = ([\d.]+)/.exec(out);
    const transactions = /number of transactions actually processed: (\d+)/.exec(out);
    const count = transactions ? Number(transactions[1]) : Number.NaN;
    return {
      tps: match ? Number(match[1]) : Number.NaN,
      postgresMs: (postgresCpuMs(postmaster) - postgresBefore) / count,
      pgbenchMs: (endedChildrenCpuMs() - pgbenchBefore) / count,
      placing: { ...statement, orderId, userId: first.id, answer: answerText, url },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Market orders through the whole stack (HTTP, validation, the ledger's locked transaction) by 50
 * users at once, each placing orders back to back, against pgbench's TPC-B rate on the same
 * PostgreSQL server. Target: ratio ≥ 0.5, p99 under 50 ms. With `kind: 'pglite'` the same run on
 * the embedded database, reported without a target.
 */
export async function marketOrdersBench(seconds: number, kind: 'postgres' | 'pglite') {
  process.env.TEST_DB = kind;
  const mailbox = await startTestMailbox();
  // Each simulated user places orders back to back, far past the per-user trading budget a person
  // never reaches: the budget is raised (its check still runs on every order) so the run measures
  // the placing path rather than 429s.
  const t = await buildTestApp({
    env: { SMTP_URL: mailbox.url, LOG_LEVEL: 'silent' },
    tradingLimit: { name: 'trading-user', max: 1_000_000, windowMs: 1_000 },
  });
  const stopQuotes = await startTradingDeskQuotes(t);
  const users: TestUser[] = [];
  for (let i = 0; i < USERS; i++) users.push(await createUser(t.app, mailbox));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;

  // The baselines first, on the same server, while nothing else runs: pgbench's TPC-B, and the
  // product's own placing statement for 50 users of its own (their money is theirs to spend).
  const baseline = kind === 'postgres' ? pgbenchTps(seconds) : Number.NaN;
  const statementUsers: TestUser[] = [];
  if (kind === 'postgres')
    for (let i = 0; i < STATEMENT_ACCOUNTS; i++) statementUsers.push(await createUser(t.app, mailbox));
  // The server's own PostgreSQL runs here: its CPU is read from /proc (NaN when it cannot be).
  const postmaster =
    kind === 'postgres'
      ? postmasterOf(
          Number((await t.deps.db.query<{ pid: number }>('select pg_backend_pid() as pid', []))[0]?.pid),
        )
      : Number.NaN;
  const statement =
    kind === 'postgres'
      ? await placingStatementTps(t, statementUsers, base, seconds, postmaster)
      : { tps: Number.NaN, postgresMs: Number.NaN, pgbenchMs: Number.NaN, placing: undefined };
  const statementTps = statement.tps;
  // The users' requests come from another thread, as they would from other machines: the
  // server's event loop serves orders only, like pgbench's server serves its clients.
  const load = {
    base,
    seconds,
    users: users.map((user) => ({ authorization: bearer(user.token).authorization, ip: randomIp() })),
  };
  // A user's first order opens their accounts and grants the demo money: warm those up first, as
  // pgbench's tables are initialised before it is timed.
  await runOrderLoad({ ...load, seconds: 2, paceMs: 0, run: 'warm-up' });
  // What each part costs per order, read around the back-to-back run: PostgreSQL's processes,
  // the server's main thread (on a CPU, and ready but waiting for one), the load generator's
  // thread, and the rest of the server's process (V8's collector and compiler threads).
  const before = { postgres: postgresCpuMs(postmaster), main: mainThreadSchedMs(), process: processCpuMs() };
  const flat = await runOrderLoad({ ...load, paceMs: 0, run: 'flat' });
  const main = mainThreadSchedMs();
  const processMs = processCpuMs() - before.process;
  const orders = flat.latencies.length;
  const mainOnCpu = (main.onCpu - before.main.onCpu) / orders;
  const loadMs = flat.loadCpuMs / orders;
  const cpu = {
    postgres: (postgresCpuMs(postmaster) - before.postgres) / orders,
    mainOnCpu,
    mainWaiting: (main.waiting - before.main.waiting) / orders,
    load: loadMs,
    otherThreads: processMs / orders - mainOnCpu - loadMs,
    statementPostgres: statement.postgresMs,
    statementClient: statement.pgbenchMs,
  };
  // The floor under it: a bare Fastify route running the same statement, loaded the same way, by
  // 50 of the statement's users (whose accounts are open and funded).
  let bare = { ordersPerSecond: Number.NaN, rejected: 0, mainOnCpu: Number.NaN };
  if (statement.placing) {
    const server = await bareStatementServer(statement.placing);
    try {
      const bareMain = mainThreadSchedMs();
      const result = await runOrderLoad({
        base: server.url,
        seconds,
        paceMs: 0,
        run: 'bare',
        users: statementUsers.slice(-USERS).map((user) => ({ authorization: user.id, ip: randomIp() })),
      });
      bare = {
        ordersPerSecond: Math.round(result.latencies.length / seconds),
        rejected: result.rejected + result.failed,
        mainOnCpu: (mainThreadSchedMs().onCpu - bareMain.onCpu) / result.latencies.length,
      };
    } finally {
      await server.close();
    }
  }
  // Then the server's thread is profiled while it takes orders back to back, in a run of its own
  // (a profiler slows what it watches): where the time goes that PostgreSQL does not spend.
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const profiled = await runOrderLoad({ ...load, seconds: Math.min(seconds, 5), paceMs: 0, run: 'profiled' });
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  // `BENCH_PROFILE=<file>` keeps the whole profile, to open in a browser's developer tools.
  if (process.env.BENCH_PROFILE) {
    writeFileSync(`${process.env.BENCH_PROFILE}-${kind}.cpuprofile`, JSON.stringify(profile));
    process.stderr.write(`  profiled ${profiled.latencies.length} orders on ${kind}\n`);
  }
  const profileTop = profileShares(profile as CpuProfile).slice(0, 12);
  flat.latencies.sort((a, b) => a - b);
  const ordersPerSecond = Math.round(flat.latencies.length / seconds);
  // Then a steady stream at half of pgbench's rate (the throughput target), to read the latency
  // a user sees when the server is busy but not saturated.
  const pacedRate = Number.isNaN(baseline) ? ordersPerSecond / 2 : baseline / 2;
  const paced = await runOrderLoad({ ...load, paceMs: (USERS * 1000) / pacedRate, run: 'steady' });
  paced.latencies.sort((a, b) => a - b);
  await stopQuotes();
  await t.close();
  await mailbox.close();
  return {
    name: `Market orders, ${USERS} users (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
    ordersPerSecond,
    p50Ms: roundMs(percentile(flat.latencies, 50)),
    p99Ms: roundMs(percentile(flat.latencies, 99)),
    pacedRate: Math.round(pacedRate),
    pacedDone: Math.round(paced.latencies.length / seconds),
    pacedP50Ms: roundMs(percentile(paced.latencies, 50)),
    pacedP99Ms: roundMs(percentile(paced.latencies, 99)),
    rejected: flat.rejected + paced.rejected,
    pgbenchTps: Math.round(baseline),
    ratio: Number.isNaN(baseline) ? Number.NaN : Number((ordersPerSecond / baseline).toFixed(2)),
    profileTop,
    statementTps: Math.round(statementTps),
    cpu,
    bare,
    statementRatio: Number.isNaN(statementTps)
      ? Number.NaN
      : Number((ordersPerSecond / statementTps).toFixed(2)),
    target: kind === 'postgres' ? 'ratio ≥ 0.5 of pgbench; p99 < 50 ms at half of pgbench' : 'reported',
  };
}

/**
 * The back-to-back run's CPU per order by part, and what the placing statement's ratio would
 * cost the machine at that price per order: on a machine of few cores the database and the
 * server share them, so the server's CPU per order bounds the ratio as much as its latency does.
 */
function cpuNote(r: Awaited<ReturnType<typeof marketOrdersBench>>): string {
  const { cpu } = r;
  if (!Number.isFinite(cpu.postgres) || !Number.isFinite(cpu.mainOnCpu)) return '';
  const perOrder = cpu.postgres + cpu.mainOnCpu + cpu.load + Math.max(0, cpu.otherThreads);
  const ms = (value: number) => value.toFixed(2);
  const cores = (rate: number) => ((rate * perOrder) / 1000).toFixed(2);
  return (
    `CPU per order on PostgreSQL, back to back (ms): PostgreSQL ${ms(cpu.postgres)} ` +
    `(${ms(cpu.statementPostgres)} per placing statement under pgbench, whose own client took ${ms(cpu.statementClient)}); ` +
    `the server's main thread ${ms(cpu.mainOnCpu)} on a CPU and ${ms(cpu.mainWaiting)} ready but waiting for one; ` +
    `the load generator ${ms(cpu.load)}; the server's other threads (V8's collector and compiler) ${ms(cpu.otherThreads)}; ` +
    `the bare Fastify route's main thread ${ms(r.bare.mainOnCpu)} on a CPU for the same statement${r.bare.rejected ? ` (${r.bare.rejected} of its orders failed)` : ''}. ` +
    `At ${r.ordersPerSecond} orders/s that is ${cores(r.ordersPerSecond)} cores of ${availableParallelism()}; ` +
    `0.8 of the placing statement's rate (${Math.round(0.8 * r.statementTps)}/s) at the same cost per order would need ${cores(0.8 * r.statementTps)}.`
  );
}

/** The runner's form: PostgreSQL against pgbench, then the same on PGlite. */
export async function marketOrdersReport(seconds: number): Promise<BenchReport> {
  const onPostgres = await marketOrdersBench(seconds, 'postgres');
  const onPglite = await marketOrdersBench(seconds, 'pglite');
  return {
    title: 'Market orders by 50 users at once',
    target:
      "on PostgreSQL, back to back: ≥ 0.5 of pgbench TPC-B tps and ≥ 0.8 of PostgreSQL running the product's own placing statement (pgbench -f, 50 clients); at a steady half of pgbench's rate: p99 < 50 ms; PGlite reported",
    met: onPostgres.ratio >= 0.5 && onPostgres.statementRatio >= 0.8 && onPostgres.pacedP99Ms < 50,
    columns: [
      'database',
      'back to back: orders / s',
      'p50 ms',
      'p99 ms',
      'pgbench tps',
      'ratio',
      'placing statement tps',
      'ratio',
      'bare Fastify + pg, same statement: orders / s',
      'ratio',
      'steady: offered / done per s',
      'p50 ms',
      'p99 ms',
      'not opened',
    ],
    notes: [onPostgres, onPglite]
      .map(
        (r) =>
          `Where the server's thread spent the back-to-back run on ${r.name.includes('PGlite') ? 'PGlite' : 'PostgreSQL'} (CPU profile, share of samples): ${r.profileTop
            .map(({ part, share }) => `${part} ${(share * 100).toFixed(1)} %`)
            .join(', ')}.`,
      )
      .concat(cpuNote(onPostgres) || []),
    rows: [onPostgres, onPglite].map((r) => [
      r.name.includes('PGlite') ? 'PGlite' : 'PostgreSQL',
      r.ordersPerSecond,
      r.p50Ms,
      r.p99Ms,
      Number.isNaN(r.pgbenchTps) ? '—' : r.pgbenchTps,
      Number.isNaN(r.ratio) ? '—' : r.ratio,
      Number.isNaN(r.statementTps) ? '—' : r.statementTps,
      Number.isNaN(r.statementRatio) ? '—' : r.statementRatio,
      Number.isNaN(r.bare.ordersPerSecond) ? '—' : r.bare.ordersPerSecond,
      Number.isNaN(r.bare.ordersPerSecond) ? '—' : (r.ordersPerSecond / r.bare.ordersPerSecond).toFixed(2),
      `${r.pacedRate} / ${r.pacedDone}`,
      r.pacedP50Ms,
      r.pacedP99Ms,
      r.rejected,
    ]),
  };
}

/** Back-to-back orders/s on the embedded database before it ran on a thread of its own (2026-11-22 to 11-26 runs). */
const EMBEDDED_BEFORE_THREAD = [211, 341] as const;

/** The embedded database alone (`market-orders-embedded`): against twice the best rate recorded before its thread. */
export async function embeddedOrdersReport(seconds: number): Promise<BenchReport> {
  const r = await marketOrdersBench(seconds, 'pglite');
  const target = 2 * EMBEDDED_BEFORE_THREAD[1];
  return {
    title: 'Market orders by 50 users at once on the embedded database',
    target: `back to back ≥ ${target} orders/s (twice the ${EMBEDDED_BEFORE_THREAD.join('–')} recorded before the database's thread)`,
    met: r.ordersPerSecond >= target,
    columns: [
      'database',
      'back to back: orders / s',
      'p50 ms',
      'p99 ms',
      '÷ best before the thread',
      'steady: offered / done per s',
      'p50 ms',
      'p99 ms',
      'not opened',
    ],
    rows: [
      [
        'PGlite (worker thread)',
        r.ordersPerSecond,
        r.p50Ms,
        r.p99Ms,
        (r.ordersPerSecond / EMBEDDED_BEFORE_THREAD[1]).toFixed(2),
        `${r.pacedRate} / ${r.pacedDone}`,
        r.pacedP50Ms,
        r.pacedP99Ms,
        r.rejected,
      ],
    ],
    notes: [
      `Where the server's main thread spent the back-to-back run (CPU profile, share of samples): ${r.profileTop
        .map(({ part, share }) => `${part} ${(share * 100).toFixed(1)} %`)
        .join(', ')}.`,
      `The server's main thread per order: ${r.cpu.mainOnCpu.toFixed(2)} ms on a CPU, ${r.cpu.mainWaiting.toFixed(2)} ms ready but waiting for one; its other threads (the database's among them) ${r.cpu.otherThreads.toFixed(2)} ms; the load ${r.cpu.load.toFixed(2)} ms.`,
    ],
  };
}
