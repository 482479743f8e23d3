// Benchmark of market orders through the whole stack by 50 users at once, on PostgreSQL against
// pgbench and the bare placing statement, and on the embedded database; it also breaks down the
// CPU each order costs and profiles where the server's thread spends it.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { availableParallelism } from 'node:os';
import {
  bearer,
  buildTestApp,
  createUser,
  randomIp,
  startTestMailbox,
  type TestUser,
} from '@td/server/testing';
import { mainThreadSchedMs, postgresCpuMs, postmasterOf, processCpuMs } from './support/cpu';
import { type CpuProfile, profileShares } from './support/cpu-profile';
import { runOrderLoad } from './support/order-load';
import { bareStatementServer, pgbenchTps, placingStatementTps } from './support/pgbench';
import { startTradingDeskQuotes } from './support/quotes';
import { type BenchReport, percentile } from './support/report';

const USERS = 50;
/**
 * Users of the placing statement's own: the first `USERS` for pgbench (each client places its
 * orders on one account of its own, as each of the product's users does), the next `USERS` for
 * the bare route, so neither spends the other's demo money.
 */
const STATEMENT_ACCOUNTS = 2 * USERS;

const roundMs = (value: number) => Math.round(value * 10) / 10;

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
  const baseline = kind === 'postgres' ? pgbenchTps(seconds, USERS) : Number.NaN;
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
      ? await placingStatementTps(t, statementUsers, base, seconds, postmaster, USERS)
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
