// Benchmark of how cost grows: order throughput and latency as users go from 10 to 1,000 on one and
// two processes sharing PostgreSQL and Redis, and the busiest reads against bare routes doing the
// same query; draws the order curves into docs/.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bearer,
  callProcess,
  createTestDatabase,
  createUser,
  killServers,
  randomIp,
  type ServerProcess,
  seedTraders,
  spawnServer,
  startTestMailbox,
  TEST_REDIS_URL,
} from '@td/server/testing';
import Fastify from 'fastify';
import pg from 'pg';
import { load } from './support/load';
import { runOrderLoad } from './support/order-load';
import { plotCurve } from './support/plot';
import { buildTestAppOnPostgres } from './support/postgres-app';
import { type BenchReport, percentile, progress, round } from './support/report';

const USER_COUNTS = [10, 100, 1_000];
const READ_CONNECTIONS = 100;
const DOCS = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', 'docs');

interface OrderPoint {
  users: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  rejected: number;
}

/**
 * Demo market orders as users grow 10 → 100 → 1,000, each placing orders back to back, on one and
 * on two `api` processes sharing PostgreSQL and Redis (users spread over them).
 */
async function orderCurves(seconds: number) {
  const database = await createTestDatabase('postgres');
  const secret = `growth-${'g'.repeat(40)}`;
  const curves: Record<1 | 2, OrderPoint[]> = { 1: [], 2: [] };
  try {
    let tokens: string[];
    for (const processes of [1, 2] as const) {
      const servers: ServerProcess[] = [];
      try {
        for (let i = 0; i < processes; i++) {
          servers.push(
            await spawnServer({
              DATABASE_URL: database.url ?? '',
              REDIS_URL: TEST_REDIS_URL,
              JWT_SECRET: secret,
              // One process runs the market (prices for the orders); the others answer the API only.
              ROLES: i === 0 ? 'api,market' : 'api',
              TRUST_PROXY: 'loopback',
              LOG_LEVEL: 'warn',
            }),
          );
        }
        for (const server of servers) {
          await server.waitUntilHealthy(120_000);
          // The market may take over from the previous configuration's process only after its
          // lease: nothing is timed until every process prices BTC freshly.
          await server.waitUntil(
            async () => {
              const prices = await callProcess<{ data: Record<string, { ts?: number }> }>(
                server.url,
                '/public/prices',
              );
              return Date.now() - (prices.body?.data?.['CRP:BTC_USDT']?.ts ?? 0) < 2_000;
            },
            60_000,
            'a fresh BTC price',
          );
        }
        // Each measurement has traders of its own, whose demo money no earlier run has spent.
        const needed = USER_COUNTS.reduce((sum, count) => sum + count, 0);
        progress(`${needed} traders written to the database`);
        tokens = await seedTraders(database.url ?? '', secret, needed);
        const users = tokens.map((token, i) => ({
          authorization: bearer(token).authorization,
          ip: randomIp(),
          base: servers[i % processes]?.url,
        }));
        // Every trader's first order opens their accounts: done before anything is timed.
        progress(`${processes} process(es): every trader's first order`);
        await runOrderLoad({
          base: servers[0]?.url ?? '',
          seconds: 3,
          paceMs: 0,
          run: `warm${processes}`,
          users,
        });
        let from = 0;
        for (const count of USER_COUNTS) {
          progress(`${processes} process(es): ${count} users placing orders back to back`);
          const crowd = users.slice(from, from + count);
          from += count;
          const result = await runOrderLoad({
            base: servers[0]?.url ?? '',
            seconds,
            paceMs: 0,
            run: `p${processes}u${count}`,
            users: crowd,
          });
          result.latencies.sort((a, b) => a - b);
          curves[processes].push({
            users: count,
            ordersPerSecond: Math.round(result.latencies.length / seconds),
            p50: round(percentile(result.latencies, 50), 1),
            p99: round(percentile(result.latencies, 99), 1),
            rejected: result.rejected + result.failed,
          });
          if (result.failed > 0) progress(`  ${result.failed} connections reset (${result.firstError})`);
          if (result.rejected > 0)
            progress(`  ${result.rejected} not opened, the first: ${result.firstRejection}`);
        }
      } finally {
        await killServers(servers);
      }
    }
  } finally {
    await database.drop();
  }
  return curves;
}

/**
 * `GET /profile` and `GET /pairs` through the whole product against a bare Fastify route doing the
 * same query (the session with its user; the pairs) on the same PostgreSQL, 100 connections.
 */
async function readPaths(seconds: number) {
  const mailbox = await startTestMailbox();
  const t = await buildTestAppOnPostgres({ env: { SMTP_URL: mailbox.url, LOG_LEVEL: 'silent' } });
  const pool = new pg.Pool({ connectionString: t.deps.db.url, max: 20 });
  const bare = Fastify({ logger: false });
  try {
    const user = await createUser(t.app, mailbox);
    const sid = JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
    bare.get('/profile', async () => {
      const { rows } = await pool.query(
        'select u.* from sessions s join users u on u.id = s.user_id where s.id = $1 and s.revoked_at is null and s.expires_at > now()',
        [sid],
      );
      return { message: 'OK', data: rows[0] };
    });
    bare.get('/pairs', async () => {
      const { rows } = await pool.query('select * from pairs order by symbol');
      return { message: 'OK', data: rows };
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const urlOf = (server: { server: { address(): unknown } }, path: string) =>
      `http://127.0.0.1:${(server.server.address() as { port: number }).port}${path}`;
    const headers = bearer(user.token);
    const rows: Array<{
      path: string;
      product: number;
      bare: number;
      productP99: number;
      bareP99: number;
      errors: number;
    }> = [];
    for (const path of ['/profile', '/pairs']) {
      progress(`${path}: the product and a bare route, ${READ_CONNECTIONS} connections`);
      await load(urlOf(bare, path), 1, READ_CONNECTIONS, headers);
      await load(urlOf(t.app, path), 1, READ_CONNECTIONS, headers);
      // Alternating halves, so load from elsewhere falls on both alike.
      const b1 = await load(urlOf(bare, path), seconds / 2, READ_CONNECTIONS, headers);
      const p1 = await load(urlOf(t.app, path), seconds / 2, READ_CONNECTIONS, headers);
      const b2 = await load(urlOf(bare, path), seconds / 2, READ_CONNECTIONS, headers);
      const p2 = await load(urlOf(t.app, path), seconds / 2, READ_CONNECTIONS, headers);
      rows.push({
        path,
        product: Math.round((p1.requestsPerSecond + p2.requestsPerSecond) / 2),
        bare: Math.round((b1.requestsPerSecond + b2.requestsPerSecond) / 2),
        productP99: Math.max(p1.latencyP99Ms, p2.latencyP99Ms),
        bareP99: Math.max(b1.latencyP99Ms, b2.latencyP99Ms),
        errors: p1.errors + p2.errors,
      });
    }
    return rows;
  } finally {
    await bare.close();
    await pool.end();
    await t.close();
    await mailbox.close();
  }
}

/**
 * How cost grows: orders as users grow on one and two processes, and the two busiest reads
 * against bare routes doing the same query. Writes docs/bench-orders.svg.
 */
export async function growthBench(seconds: number): Promise<BenchReport> {
  const curves = await orderCurves(seconds);
  const reads = await readPaths(seconds);
  /** One measure of the orders on one and on two processes, as curves in docs/`file`. */
  const plotOrders = (file: string, title: string, yLabel: string, value: (point: OrderPoint) => number) =>
    plotCurve(resolve(DOCS, file), {
      title,
      xLabel: 'users placing orders back to back',
      yLabel,
      xs: USER_COUNTS,
      series: [
        { name: '1 api process', values: curves[1].map(value) },
        { name: '2 api processes', values: curves[2].map(value) },
      ],
    });
  plotOrders(
    'bench-orders.svg',
    'Demo market orders as users grow (PostgreSQL)',
    'orders / s',
    (p) => p.ordersPerSecond,
  );
  plotOrders('bench-orders-p99.svg', 'Order latency p99 as users grow (PostgreSQL)', 'p99 ms', (p) => p.p99);
  const first = curves[1][0]?.ordersPerSecond ?? Number.NaN;
  const readRatios = reads.map((r) => r.product / r.bare);
  return {
    title: 'How cost grows: orders by users and processes, reads against bare routes',
    target: 'reported (the curves); reads ≥ 0.5 of a bare route doing the same query, no errors',
    met: readRatios.every((ratio) => ratio >= 0.5) && reads.every((r) => r.errors === 0),
    columns: ['measure', '10 users', '100 users', '1,000 users'],
    rows: [
      ...([1, 2] as const).flatMap((n) => [
        [`${n} process${n > 1 ? 'es' : ''}: orders / s`, ...curves[n].map((p) => p.ordersPerSecond)],
        [`${n} process${n > 1 ? 'es' : ''}: p50 / p99 ms`, ...curves[n].map((p) => `${p.p50} / ${p.p99}`)],
        [`${n} process${n > 1 ? 'es' : ''}: not opened`, ...curves[n].map((p) => p.rejected)],
      ]),
      [
        'orders / s relative to 1 process, 10 users',
        ...USER_COUNTS.map(
          (_, i) =>
            `${round((curves[1][i]?.ordersPerSecond ?? 0) / first, 2)} / ${round((curves[2][i]?.ordersPerSecond ?? 0) / first, 2)}`,
        ),
      ],
      ...reads.map((r) => [
        `GET ${r.path}, ${READ_CONNECTIONS} connections: product / bare req/s (p99 ms)`,
        `${r.product} / ${r.bare}`,
        `ratio ${round(r.product / r.bare, 2)}`,
        `p99 ${r.productP99} / ${r.bareP99}`,
      ]),
    ],
    notes: [
      `Orders: traders written to PostgreSQL with a session each, fresh ones for every measurement (a demo balance lasts about ten seconds of orders back to back); every user keeps one keep-alive connection (from a worker thread) and places demo BTC market orders back to back for ${seconds} s; on two processes user i goes to process i mod 2, one process also running the market, both on one Redis. The machine's two cores run the processes, PostgreSQL and the load alike, so a second process adds no core: the curve shows what coordination costs, not what a second host gives. Plots: docs/bench-orders.svg, docs/bench-orders-p99.svg.`,
      `Reads: the product in the bench process on PostgreSQL; the bare routes run the same SQL through node-postgres (the session joined to its user; every pair) and send the rows as JSON; autocannon, ${READ_CONNECTIONS} connections, alternating halves of ${seconds} s.`,
    ],
  };
}
