import { execFileSync } from 'node:child_process';
import { bearer, createUser, randomIp, type TestUser } from '../apps/server/src/testing/accounts';
import { buildTestApp } from '../apps/server/src/testing/build-test-app';
import { TEST_POSTGRES_URL } from '../apps/server/src/testing/test-database';
import { startTestMailbox } from '../apps/server/src/testing/test-mailbox';
import { type BenchReport, percentile } from './report';
import { startTradingDeskQuotes } from './support/quotes';

const USERS = 50;

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

  const latencies: number[] = [];
  let rejected = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    users.map(async (user, index) => {
      let n = 0;
      while (performance.now() < deadline) {
        const started = performance.now();
        const response = await fetch(`${base}/orders`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...bearer(user.token),
            'x-forwarded-for': randomIp(),
          },
          body: JSON.stringify({
            account: 'demo',
            symbol: 'BTC_USDT',
            side: n % 2 ? 'buy' : 'sell',
            type: 'market',
            amount: '10',
            leverage: 1,
            clientOrderId: `bench-${index}-${n++}`,
          }),
        });
        const body = (await response.json()) as { data?: { status?: string } };
        latencies.push(performance.now() - started);
        if (body.data?.status !== 'act') rejected++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const ordersPerSecond = Math.round(latencies.length / seconds);
  await stopQuotes();
  await t.close();
  await mailbox.close();
  const baseline = kind === 'postgres' ? pgbenchTps(seconds) : Number.NaN;
  return {
    name: `Market orders, ${USERS} users (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
    ordersPerSecond,
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    rejected,
    pgbenchTps: Math.round(baseline),
    ratio: Number.isNaN(baseline) ? Number.NaN : Number((ordersPerSecond / baseline).toFixed(2)),
    target: kind === 'postgres' ? 'ratio ≥ 0.5 of pgbench, p99 < 50 ms' : 'reported',
  };
}

/** The runner's form: PostgreSQL against pgbench, then the same on PGlite. */
export async function marketOrdersReport(seconds: number): Promise<BenchReport> {
  const onPostgres = await marketOrdersBench(seconds, 'postgres');
  const onPglite = await marketOrdersBench(seconds, 'pglite');
  return {
    title: 'Market orders by 50 users at once',
    target: 'on PostgreSQL ≥ 0.5 of pgbench TPC-B tps, p99 < 50 ms; PGlite reported',
    met: onPostgres.ratio >= 0.5 && onPostgres.p99Ms < 50,
    columns: ['database', 'orders / s', 'p50 ms', 'p99 ms', 'not opened', 'pgbench tps', 'ratio'],
    rows: [onPostgres, onPglite].map((r) => [
      r.name.includes('PGlite') ? 'PGlite' : 'PostgreSQL',
      r.ordersPerSecond,
      r.p50Ms,
      r.p99Ms,
      r.rejected,
      Number.isNaN(r.pgbenchTps) ? '—' : r.pgbenchTps,
      Number.isNaN(r.ratio) ? '—' : r.ratio,
    ]),
  };
}
