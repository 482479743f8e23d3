import { Worker } from 'node:worker_threads';

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
