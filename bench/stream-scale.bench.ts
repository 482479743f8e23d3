import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE, pairKey, streamSymbol } from '@td/server/bench';
import {
  callProcess,
  createTestDatabase,
  killServers,
  type ServerProcess,
  signUpOnProcess,
  spawnServer,
  startTestMailbox,
  TEST_REDIS_URL,
} from '@td/server/testing';
import { type ClientProcesses, startClientProcesses } from './support/fanout';
import { plotCurve } from './support/plot';
import { type BenchReport, percentile, progress, round, sleep, trackChild } from './support/report';
import type { ClientReply } from './support/stream-clients';

/** The crowd sizes of the curve; 2,000 and 10,000 are the figures asked for. */
const CROWDS = [500, 2_000, 10_000];
const TICKET_BATCH = 1_000;
const TICKET_CONCURRENCY = 50;
const CONNECT_CONCURRENCY = 500;
const CONNECT_TIMEOUT_MS = 30_000;
/** A ticker re-sent unchanged (a quiet pair's refresh) carries its old time: those are not latencies. */
const FRESH_MS = 4_000;
const GRACE_MS = 3_000;
const TARGET_P99_MS = 250;

type Recorded = Extract<ClientReply, { type: 'recorded' }>;
type Connected = Extract<ClientReply, { type: 'connected' }>;

export interface ScalePoint {
  clients: number;
  connected: number;
  dropped: number;
  delivered: number;
  expected: number;
  p50: number;
  p99: number;
  rssPerClientKiB: number;
  clientCpu: number;
}

/** Resident memory of a process, from /proc (bytes). */
function rssOf(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/** Two bare stream processes, each hearing the market's ticks on Redis. */
async function startBareStreams(): Promise<Array<{ child: ChildProcess; url: string }>> {
  const file = fileURLToPath(new URL('./support/bare-stream.ts', import.meta.url));
  return Promise.all(
    [0, 1].map(
      () =>
        new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
          const child = trackChild(
            fork(file, [TEST_REDIS_URL], {
              execArgv: ['--import', 'tsx'],
              stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
            }),
          );
          child.once('message', (message: { port: number }) =>
            resolve({ child, url: `http://127.0.0.1:${message.port}` }),
          );
          child.once('exit', (code) => reject(new Error(`bare stream exited (${code})`)));
        }),
    ),
  );
}

/**
 * The stream across two processes sharing PostgreSQL and Redis, as a deployment runs it, against
 * two bare Socket.IO processes hearing the same ticks on Redis: 500, 2,000 and 10,000 clients,
 * half on each process, each subscribed to one crypto pair's 1-minute candles. Per crowd and side:
 * clients connected and dropped, tickers delivered ÷ expected, tick-to-client latency of the
 * tickers (their tick's time is in them), and the servers' resident memory per client.
 */
export async function streamScaleBench(seconds: number): Promise<BenchReport> {
  const database = await createTestDatabase('postgres');
  const mailbox = await startTestMailbox();
  const servers: ServerProcess[] = [];
  let clients: ClientProcesses | undefined;
  let bare: Array<{ child: ChildProcess; url: string }> = [];
  try {
    const env = {
      DATABASE_URL: database.url ?? '',
      REDIS_URL: TEST_REDIS_URL,
      SMTP_URL: mailbox.url,
      JWT_SECRET: `stream-scale-${'s'.repeat(40)}`,
      ROLES: 'api,stream,market',
      LOG_LEVEL: 'warn',
    };
    progress('two api,stream processes on PostgreSQL and Redis');
    for (let i = 0; i < 2; i++) servers.push(await spawnServer(env));
    for (const server of servers) await server.waitUntilHealthy(120_000);
    const crypto = CATALOGUE.filter((pair) => pair.pairType === 'crp');
    await servers[0]?.waitUntil(
      async () => {
        const prices = await callProcess<{ data: Record<string, unknown> }>(
          servers[0]?.url ?? '',
          '/public/prices',
        );
        return Object.keys(prices.body?.data ?? {}).length >= crypto.length;
      },
      120_000,
      'market prices',
    );
    bare = await startBareStreams();
    clients = await startClientProcesses(1);
    const user = await signUpOnProcess(servers[0]?.url ?? '', mailbox);
    const symbols = crypto.map((pair) => streamSymbol(pair.pairType, pair.symbol));
    const keys = crypto.map((pair) => pairKey(pair.pairType, pair.symbol));

    const tickets = async (count: number) => {
      const out: string[] = new Array(count);
      let next = 0;
      await Promise.all(
        Array.from({ length: TICKET_CONCURRENCY }, async () => {
          for (let i = next++; i < count; i = next++) {
            const answer = await callProcess<{ data: { token: string } }>(
              servers[i % 2]?.url ?? '',
              '/auth/wss/signin',
              { token: user.token },
            );
            out[i] = answer.body.data.token;
          }
        }),
      );
      return out;
    };

    const measure = async (side: 'product' | 'bare', count: number): Promise<ScalePoint> => {
      const crowd = clients as ClientProcesses;
      const urls = side === 'product' ? servers.map((s) => s.url) : bare.map((b) => b.url);
      const pids = side === 'product' ? servers.map((s) => s.child.pid) : bare.map((b) => b.child.pid);
      const rssBefore = pids.reduce<number>((sum, pid) => sum + rssOf(pid), 0);
      let connected = 0;
      for (let from = 0; from < count; from += TICKET_BATCH) {
        const size = Math.min(TICKET_BATCH, count - from);
        const tokens = side === 'product' ? await tickets(size) : Array.from({ length: size }, () => 'none');
        // Half the crowd on each process: client i on process i mod 2.
        for (const half of [0, 1]) {
          const mine = tokens.map((token, i) => ({ token, i: from + i })).filter(({ i }) => i % 2 === half);
          crowd.send(() => ({
            type: 'connect',
            url: urls[half] as string,
            tokens: mine.map(({ token }) => token),
            symbols: mine.map(({ i }) => symbols[i % symbols.length] as string),
            concurrency: CONNECT_CONCURRENCY,
            timeoutMs: CONNECT_TIMEOUT_MS,
            fresh: from === 0 && half === 0,
          }));
          const [reply] = (await crowd.replies('connected', 180_000)) as Connected[];
          connected += reply?.connected ?? 0;
        }
      }
      await sleep(2_000);
      const rssAfter = pids.reduce<number>((sum, pid) => sum + rssOf(pid), 0);
      const startedAt = Date.now();
      crowd.send(() => ({ type: 'record', ms: seconds * 1000 + GRACE_MS }));
      const [recorded] = (await crowd.replies('recorded', seconds * 1000 + GRACE_MS + 60_000)) as Recorded[];
      crowd.send(() => ({ type: 'disconnect' }));
      await crowd.replies('disconnected', 60_000);
      await sleep(3_000);

      // Tickers of ticks inside the window: each should reach every client of its pair.
      const subscribers = new Map<string, number>();
      for (let i = 0; i < count; i++) {
        const key = keys[i % keys.length] as string;
        subscribers.set(key, (subscribers.get(key) ?? 0) + 1);
      }
      const latencies: number[] = [];
      let expected = 0;
      let delivered = 0;
      for (const [key, times] of recorded?.arrivals ?? []) {
        if (!key.startsWith('T|')) continue;
        const [, pair, ts] = key.split('|');
        const tickAt = Number(ts);
        if (tickAt < startedAt || tickAt > startedAt + seconds * 1000) continue;
        const fresh = times.filter((at) => at - tickAt < FRESH_MS);
        expected += subscribers.get(pair as string) ?? 0;
        delivered += fresh.length;
        for (const at of fresh) latencies.push(at - tickAt);
      }
      return {
        clients: count,
        connected,
        dropped: recorded?.dropped ?? 0,
        delivered,
        expected,
        p50: round(percentile(latencies, 50), 1),
        p99: round(percentile(latencies, 99), 1),
        rssPerClientKiB: round((rssAfter - rssBefore) / Math.max(1, connected) / 1024, 1),
        clientCpu: round(recorded?.cpu ?? Number.NaN, 2),
      };
    };

    const points: Array<{ product: ScalePoint; bare: ScalePoint }> = [];
    for (const count of CROWDS) {
      progress(`${count} clients on the product's two stream processes`);
      const product = await measure('product', count);
      progress(`${count} clients on two bare Socket.IO processes`);
      const baseline = await measure('bare', count);
      points.push({ product, bare: baseline });
    }
    plotCurve(resolve(fileURLToPath(new URL('.', import.meta.url)), '..', 'docs', 'bench-stream.svg'), {
      title: 'Stream on two processes: tick-to-client latency as clients grow',
      xLabel: 'clients (half on each process)',
      yLabel: 'ms',
      xs: CROWDS,
      series: [
        { name: 'product p99', values: points.map((p) => p.product.p99) },
        { name: 'product p50', values: points.map((p) => p.product.p50) },
        { name: 'bare p99', values: points.map((p) => p.bare.p99), dashed: true },
        { name: 'bare p50', values: points.map((p) => p.bare.p50), dashed: true },
      ],
    });
    const ratio = (point: ScalePoint) => round(point.delivered / Math.max(1, point.expected), 3);
    const worst = points.at(-1);
    return {
      title: 'Stream across two processes with Redis: 500, 2,000 and 10,000 clients',
      target: `every client connected and none dropped; at 2,000 clients tick-to-client p99 < ${TARGET_P99_MS} ms and every ticker delivered (≥ 0.99)`,
      met:
        points.every((p) => p.product.connected === p.product.clients && p.product.dropped === 0) &&
        (points[1]?.product.p99 ?? Number.POSITIVE_INFINITY) < TARGET_P99_MS &&
        ratio(points[1]?.product as ScalePoint) >= 0.99,
      columns: [
        'clients',
        'connected (product / bare)',
        'dropped',
        'delivered ÷ expected (product / bare)',
        'tick → client p50 ms (product / bare)',
        'p99 ms (product / bare)',
        'RSS per client KiB (product / bare)',
        'client process CPU',
      ],
      rows: points.map(({ product, bare: b }) => [
        product.clients,
        `${product.connected} / ${b.connected}`,
        `${product.dropped} / ${b.dropped}`,
        `${ratio(product)} / ${ratio(b)}`,
        `${product.p50} / ${b.p50}`,
        `${product.p99} / ${b.p99}`,
        `${product.rssPerClientKiB} / ${b.rssPerClientKiB}`,
        `${product.clientCpu} / ${b.clientCpu}`,
      ]),
      notes: [
        `Two server processes (ROLES=api,stream,market, one running the market) on one PostgreSQL and one Redis, and two bare Socket.IO processes that hear the same market ticks on Redis and send each pair's ticker and candle to its subscribers with no tickets, sessions or coalescing; client i connects to process i mod 2 and subscribes to one of ${symbols.length} crypto pairs' 1-minute candles. Clients run in one child process (its CPU share is the last column: at 1.0 the clients, not the servers, are the limit). Latency: a ticker carries its tick's time; arrivals of tickers ticked inside the ${seconds} s window, clocks of one machine. RSS per client: both server processes' resident memory after connecting minus before, over the clients (at 500 clients the allocator's own growth dominates it). Plot: docs/bench-stream.svg.`,
        ...(worst
          ? [
              `At ${worst.product.clients} clients: ${worst.product.delivered} of ${worst.product.expected} tickers delivered on the product, ${worst.bare.delivered} of ${worst.bare.expected} on the bare servers.`,
            ]
          : []),
      ],
    };
  } finally {
    clients?.close();
    for (const b of bare) b.child.kill();
    await killServers(servers);
    await mailbox.close();
    await database.drop();
  }
}
