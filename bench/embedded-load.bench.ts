import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, startTestMailbox, waitForMarketHistory } from '@td/server/testing';
import { io, type Socket } from 'socket.io-client';
import {
  type BenchReport,
  percentile,
  progress,
  round,
  sleep,
  stopChild,
  trackChild,
  within,
} from './support/report';

/** A small broker's desk on `npm start`'s embedded database, as the README sizes it. */
const ACCOUNTS = 20;
const TRADERS = 100;
const STREAM_CLIENTS = 50;
/** Each trader waits this long (uniformly) between its steps: ~100 requests/s for 100 traders. */
const THINK_MS = [500, 1_500] as const;
const PROBE_EVERY_MS = 100;
/** Targets under the load: the probe's p99, and orders' (placing and closing) p99. */
const PROBE_TARGET_MS = 50;
const ORDER_TARGET_MS = 250;
const BUNDLE = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'server', 'dist', 'main.js');
const SIGNUP_PASSWORD = 'Str0ng!Passw0rd';
/** The server times every callback (async_hooks) while recording: `BENCH_LOOP_BLOCKS=0` measures without it. */
const RECORD_BLOCKS = process.env.BENCH_LOOP_BLOCKS !== '0';

/**
 * The probe, in a process of its own so the load's client work never delays it: `GET /health/live`
 * every 100 ms, one at a time, each answer's wait printed as a line of milliseconds.
 */
const PROBE_SCRIPT = `
const url = process.argv[1];
const every = Number(process.argv[2]);
let running = true;
process.on('message', () => { running = false; });
(async () => {
  while (running) {
    const started = performance.now();
    try { await (await fetch(url)).arrayBuffer(); process.stdout.write((performance.now() - started).toFixed(2) + '\\n'); }
    catch { process.stdout.write('NaN\\n'); }
    const left = every - (performance.now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
  }
  process.exit(0);
})();
`;

async function probe(url: string, ms: number): Promise<number[]> {
  const child = trackChild(
    spawn(process.execPath, ['-e', PROBE_SCRIPT, `${url}/health/live`, String(PROBE_EVERY_MS)], {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    }),
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  await sleep(ms);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await within(exited, 5_000, 'the probe stopping');
  return out
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((value) => Number.isFinite(value));
}

let ipCounter = 0;
/** Each account calls from an address of its own (the server trusts the loopback proxy). */
const nextIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

async function call<T>(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; ip: string },
): Promise<{ status: number; body: T; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-forwarded-for': init.ip,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json().catch(() => undefined)) as T;
  return { status: response.status, body, ms: performance.now() - started };
}

interface Account {
  token: string;
  ip: string;
}

async function signUp(base: string, mailbox: Awaited<ReturnType<typeof startTestMailbox>>, i: number) {
  const ip = nextIp();
  const email = `load${i}x${Date.now()}@gmail.com`;
  const signup = await call<{ data: { token: string } }>(base, '/auth/signup', {
    method: 'POST',
    body: { email, password: SIGNUP_PASSWORD, firstName: 'Load', lastName: 'Trader' },
    ip,
  });
  if (signup.status !== 201)
    throw new Error(`signup answered ${signup.status}: ${JSON.stringify(signup.body)}`);
  const mail = await mailbox.waitFor(email, /verify/i);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  const verify = await call<{ data: { token: string } }>(base, '/auth/verify-email', {
    method: 'POST',
    token: signup.body.data.token,
    body: { code },
    ip,
  });
  if (verify.status !== 200) throw new Error(`verification answered ${verify.status}`);
  return { token: verify.body.data.token, ip } satisfies Account;
}

/**
 * `npm start`'s embedded database under a small broker's load: 100 traders on 20 accounts, each
 * placing a demo market order, reading the portfolio, closing, reading the week's orders, with
 * 0.5–1.5 s between steps (~100 requests/s), and 50 stream clients on the 1-minute candles. A
 * probe in its own process asks `/health/live` every 100 ms: first with the server idle (the
 * same-run baseline), then under the load. Targets: the probe within 50 ms and orders within
 * 250 ms at p99 under the load.
 */
export async function embeddedLoadBench(seconds: number): Promise<BenchReport> {
  if (!existsSync(BUNDLE)) throw new Error('embedded-load runs the bundle: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'td-bench-load-'));
  // The server's own record of its longest event-loop blocks (platform/loop-blocks.ts), beside the data.
  const blocksFile = `${dataDir}-loop-blocks.json`;
  const mailbox = await startTestMailbox();
  progress('starting the bundle on an empty embedded database');
  const server = await spawnServer(
    {
      DATA_DIR: dataDir,
      SMTP_URL: mailbox.url,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      ...(RECORD_BLOCKS ? { LOOP_BLOCKS_FILE: blocksFile } : {}),
    },
    { isBuilt: true },
  );
  trackChild(server.child);
  const sockets: Socket[] = [];
  try {
    await server.waitUntilHealthy(150_000);
    const accounts: Account[] = [];
    for (let i = 0; i < ACCOUNTS; i++) accounts.push(await signUp(server.url, mailbox, i));
    // A broker's desk in its steady state: a first start writes the market's history on the
    // database's thread (half a minute), which neither the idle baseline nor the load may share.
    progress("waiting for every pair's market history");
    await waitForMarketHistory(server.url, (accounts[0] as Account).token);
    progress(`${ACCOUNTS} accounts; the idle probe for ${seconds} s`);
    const idle = await probe(server.url, seconds * 1_000);

    for (let i = 0; i < STREAM_CLIENTS; i++) {
      const account = accounts[i % ACCOUNTS] as Account;
      const ticket = await call<{ data: { token: string } }>(server.url, '/auth/wss/signin', account);
      const socket = io(server.url, { auth: { token: ticket.body.data.token }, transports: ['websocket'] });
      socket.on('connect', () => socket.emit('liveKline', { symbol: 'BTC_USDT', interval: '1' }));
      sockets.push(socket);
    }

    const latencies = { order: [] as number[], close: [] as number[], read: [] as number[] };
    const refused: Record<string, number> = {};
    let requests = 0;
    let running = true;
    const think = () => sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
    const timed = async <T>(
      kind: keyof typeof latencies,
      path: string,
      account: Account,
      init: { method?: string; body?: unknown } = {},
    ) => {
      const answer = await call<T>(server.url, path, { ...account, ...init });
      requests++;
      const refusal = `${init.method ?? 'GET'} ${path.split('?')[0]} ${answer.status}`;
      if (answer.status >= 400) refused[refusal] = (refused[refusal] ?? 0) + 1;
      else latencies[kind].push(answer.ms);
      return answer;
    };
    const trader = async (index: number) => {
      const account = accounts[index % ACCOUNTS] as Account;
      await sleep(Math.random() * THINK_MS[1]);
      while (running) {
        const placed = await timed<{ data: { id: string } }>('order', '/orders', account, {
          method: 'POST',
          body: {
            account: 'demo',
            symbol: 'BTC_USDT',
            side: 'buy',
            type: 'market',
            amount: '50',
            leverage: 5,
          },
        });
        await think();
        await timed('read', '/portfolio?account=demo', account);
        await think();
        if (placed.status === 201)
          await timed('close', `/orders/${placed.body.data.id}/close`, account, { method: 'POST' });
        await think();
        await timed('read', '/orders?account=demo&limit=50', account);
        await think();
      }
    };
    progress(`${TRADERS} traders and ${STREAM_CLIENTS} stream clients for ${seconds * 3} s`);
    const load = Promise.all(Array.from({ length: TRADERS }, (_, i) => trader(i)));
    // The load settles first (every trader has made a round), then the probe measures it; the
    // server's record of blocks starts afresh with it.
    await sleep(seconds * 1_000);
    server.child.kill('SIGUSR2');
    const loaded = await probe(server.url, seconds * 2_000);
    running = false;
    await within(load, 60_000, 'the traders stopping');
    // The server writes its last record as it stops.
    await stopChild(server.child, server.exited);
    const blocks = RECORD_BLOCKS ? blockNotes(blocksFile) : [];

    const p = (values: number[], at: number) => round(percentile(values, at), 1);
    const orders = [...latencies.order, ...latencies.close];
    const probeP99 = p(loaded, 99);
    const orderP99 = p(orders, 99);
    return {
      title: 'The embedded database under a small broker’s load',
      target: `under the load, the probe within ${PROBE_TARGET_MS} ms and orders within ${ORDER_TARGET_MS} ms at p99`,
      met: probeP99 <= PROBE_TARGET_MS && orderP99 <= ORDER_TARGET_MS,
      columns: ['measure', 'n', 'p50 ms', 'p99 ms', 'max ms'],
      rows: [
        ['probe, server idle (baseline)', idle.length, p(idle, 50), p(idle, 99), p(idle, 100)],
        ['probe, under the load', loaded.length, p(loaded, 50), probeP99, p(loaded, 100)],
        ['orders placed and closed', orders.length, p(orders, 50), orderP99, p(orders, 100)],
        [
          'reads (portfolio, orders)',
          latencies.read.length,
          p(latencies.read, 50),
          p(latencies.read, 99),
          p(latencies.read, 100),
        ],
      ],
      notes: [
        `${requests} requests in ${seconds * 3} s (${round(requests / (seconds * 3))}/s); probe p99 under load ÷ idle = ${round(percentile(loaded, 99) / percentile(idle, 99), 1)}`,
        ...(Object.keys(refused).length > 0 ? [`refused: ${JSON.stringify(refused)}`] : []),
        ...blocks,
      ],
    };
  } finally {
    for (const socket of sockets) socket.close();
    await stopChild(server.child, server.exited);
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(blocksFile, { force: true });
  }
}

/** The server's record of the loaded window as note lines: the delay's histogram, the longest blocks, the labels' totals. */
function blockNotes(file: string): string[] {
  if (!existsSync(file)) return ['event-loop blocks: the server wrote no record'];
  const record = JSON.parse(readFileSync(file, 'utf8')) as {
    seconds: number;
    delayMs: { p50: number; p99: number; max: number };
    longest: Array<{ ms: number; label: string; type: string }>;
    byLabel: Array<{ label: string; count: number; totalMs: number; maxMs: number }>;
  };
  const longest = record.longest
    .slice(0, 10)
    .map((block) => `${block.ms} ms ${block.label} (${block.type})`)
    .join('; ');
  const labels = record.byLabel
    .slice(0, 8)
    .map((total) => `${total.label} ${total.count}× ${total.totalMs} ms (max ${total.maxMs})`)
    .join('; ');
  return [
    `event loop under the load (${record.seconds} s, the server's own record): delay p50 / p99 / max ${record.delayMs.p50} / ${record.delayMs.p99} / ${record.delayMs.max} ms`,
    `longest callbacks (what started their chain, and the callback's kind): ${longest}`,
    `callbacks of 5 ms or more by what started them (count, total, longest): ${labels}`,
  ];
}
