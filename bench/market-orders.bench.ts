import { execFileSync } from 'node:child_process';
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
import { startTradingDeskQuotes } from './support/quotes';
import { type BenchReport, percentile } from './support/report';

const USERS = 50;

/**
 * Each user places market orders until the time is up (plain JS for the worker): back to back
 * when `paceMs` is 0 (the most the server can take), otherwise one every `paceMs` on a fixed
 * schedule, latency counted from the scheduled moment so that a slow answer is not hidden by the
 * requests it delayed. Each user keeps one keep-alive connection and writes its requests as raw
 * HTTP/1.1, as pgbench's clients speak the wire protocol directly: the load costs the two cores
 * it shares with the server little (fetch() cost more than half a core at these rates).
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

/** One keep-alive connection: post(body) resolves with the response's status and body text. */
function connection(url) {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
  let buffered = Buffer.alloc(0);
  let waiting;
  socket.on('data', (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    const headEnd = buffered.indexOf('\\r\\n\\r\\n');
    if (headEnd < 0) return;
    const head = buffered.subarray(0, headEnd).toString('latin1');
    const length = Number(/content-length: *(\\d+)/i.exec(head)[1]);
    if (buffered.length < headEnd + 4 + length) return;
    const body = buffered.subarray(headEnd + 4, headEnd + 4 + length).toString();
    buffered = buffered.subarray(headEnd + 4 + length);
    const done = waiting;
    waiting = undefined;
    done.resolve({ status: Number(head.slice(9, 12)), body });
  });
  socket.on('error', (error) => waiting?.reject(error));
  return {
    post(path, headers, body) {
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write('POST ' + path + ' HTTP/1.1\\r\\nhost: ' + hostname + '\\r\\n' + headers +
          'content-type: application/json\\r\\ncontent-length: ' + Buffer.byteLength(body) + '\\r\\n\\r\\n' + body);
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
  let http = connection(user.base || base);
  await http.ready;
  const headers = 'authorization: ' + user.authorization + '\\r\\nx-forwarded-for: ' + user.ip + '\\r\\n';
  let n = 0;
  let due = startedAt + (paceMs * index) / users.length;
  while (performance.now() < deadline) {
    if (paceMs > 0) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
    const started = paceMs > 0 ? due : performance.now();
    due += paceMs;
    let response;
    try {
      response = await http.post('/orders', headers, JSON.stringify({
        account: 'demo', symbol: 'BTC_USDT', side: n % 2 ? 'buy' : 'sell', type: 'market',
        amount: '10', leverage: 1, clientOrderId: 'bench-' + run + '-' + index + '-' + n++,
      }));
    } catch (error) {
      // A connection the server reset: counted, and the user connects again.
      failed++;
      firstError = firstError || error.message;
      http.close();
      http = connection(user.base || base);
      await http.ready.catch(() => undefined);
      continue;
    }
    latencies.push(performance.now() - started);
    if (response.status !== 201 || !response.body.includes('"status":"act"')) {
      rejected++;
      firstRejection = firstRejection || response.status + ' ' + response.body.slice(0, 200);
    }
  }
  http.close();
})).then(() => parentPort.postMessage({ latencies, rejected, failed, firstError, firstRejection }));
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

/**
 * Market orders through the whole stack (HTTP, validation, the ledger's locked transaction) by 50
 * users at once, each placing orders back to back, against pgbench's TPC-B rate on the same
 * PostgreSQL server. Target: ratio ≥ 0.5, p99 under 50 ms. With `kind: 'pglite'` the same run on
 * the embedded database, reported without a target.
 */
export async function marketOrdersBench(seconds: number, kind: 'postgres' | 'pglite') {
  process.env.TEST_DB = kind;
  const mailbox = await startTestMailbox();
  const t = await buildTestApp({ env: { SMTP_URL: mailbox.url, LOG_LEVEL: 'silent' } });
  const stopQuotes = await startTradingDeskQuotes(t);
  const users: TestUser[] = [];
  for (let i = 0; i < USERS; i++) users.push(await createUser(t.app, mailbox));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;

  // The baseline first, on the same server, while nothing else runs.
  const baseline = kind === 'postgres' ? pgbenchTps(seconds) : Number.NaN;
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
  const flat = await runOrderLoad({ ...load, paceMs: 0, run: 'flat' });
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
    target: kind === 'postgres' ? 'ratio ≥ 0.5 of pgbench; p99 < 50 ms at half of pgbench' : 'reported',
  };
}

/** The runner's form: PostgreSQL against pgbench, then the same on PGlite. */
export async function marketOrdersReport(seconds: number): Promise<BenchReport> {
  const onPostgres = await marketOrdersBench(seconds, 'postgres');
  const onPglite = await marketOrdersBench(seconds, 'pglite');
  return {
    title: 'Market orders by 50 users at once',
    target:
      "on PostgreSQL, back to back: ≥ 0.5 of pgbench TPC-B tps; at a steady half of pgbench's rate: p99 < 50 ms; PGlite reported",
    met: onPostgres.ratio >= 0.5 && onPostgres.pacedP99Ms < 50,
    columns: [
      'database',
      'back to back: orders / s',
      'p50 ms',
      'p99 ms',
      'pgbench tps',
      'ratio',
      'steady: offered / done per s',
      'p50 ms',
      'p99 ms',
      'not opened',
    ],
    rows: [onPostgres, onPglite].map((r) => [
      r.name.includes('PGlite') ? 'PGlite' : 'PostgreSQL',
      r.ordersPerSecond,
      r.p50Ms,
      r.p99Ms,
      Number.isNaN(r.pgbenchTps) ? '—' : r.pgbenchTps,
      Number.isNaN(r.ratio) ? '—' : r.ratio,
      `${r.pacedRate} / ${r.pacedDone}`,
      r.pacedP50Ms,
      r.pacedP99Ms,
      r.rejected,
    ]),
  };
}
