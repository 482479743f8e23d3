// `npm run soak -- [minutes] [--users N] [--out file.svg] [--embedded [--rss-limit MiB]]`: one
// server under a steady load for 10 minutes by default, on PostgreSQL and Redis, or with
// `--embedded` as `npm start` runs it (the bundle on its embedded database, from an empty data
// directory: the first start is part of the run). Every 10 s it samples heap, RSS, active handles,
// the event loop's p99 delay and (on PostgreSQL) the database connections; it draws the curves into
// an SVG and fails when one of them keeps growing, or when RSS passes `--rss-limit`.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createRng } from '../modules/market/rng';
import { createTestDatabase } from '../testing/test-database';
import { startTestMailbox } from '../testing/test-mailbox';
import { startCluster, until } from './cluster';
import { createPriceWatch } from './price-watch';
import { ADMIN_IP, createUsers } from './simulated-users';
import { drawSoak, judgeSoak, type SoakSample } from './soak-chart';
import { startWatchers } from './stream-watchers';
import { createBalancedApi, createTally } from './traffic';
import { actAsUser } from './user-behaviour';

const SAMPLE_MS = 10_000;
const PROBE = resolve(dirname(fileURLToPath(import.meta.url)), 'soak-probe.mjs');
const BUNDLE = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'main.js');
const ADMIN = { email: 'soak-admin@tradingdesk.example', password: 'Soak!Adm1n#Passw0rd' };

function parseOptions(argv: string[]) {
  // Paths are read from where npm was run (the repository's root for `npm run soak`).
  const from = process.env.INIT_CWD ?? process.cwd();
  const options = {
    minutes: 10,
    users: 30,
    out: resolve(from, 'docs', 'soak.svg'),
    isEmbedded: false,
    rssLimitMib: undefined as number | undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--users') options.users = Number(argv[++i]);
    else if (arg === '--out') options.out = resolve(from, argv[++i] ?? '');
    else if (arg === '--embedded') options.isEmbedded = true;
    else if (arg === '--rss-limit') options.rssLimitMib = Number(argv[++i]);
    else if (arg && /^\d+(\.\d+)?$/.test(arg)) options.minutes = Number(arg);
    else
      throw new Error(
        `unknown argument ${arg}; usage: npm run soak -- [minutes] [--users N] [--out file.svg] [--embedded [--rss-limit MiB]]`,
      );
  }
  return options;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const runDir = mkdtempSync(join(tmpdir(), 'td-soak-'));
  const probeFile = join(runDir, 'probe.jsonl');
  const say = (line: string) => console.info(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  if (options.isEmbedded && !existsSync(BUNDLE))
    throw new Error('--embedded runs the bundle: run `npm run build` first');
  const database = options.isEmbedded ? undefined : await createTestDatabase('postgres');
  const mailbox = await startTestMailbox();
  const startedAt = Date.now();
  const cluster = await startCluster({
    env: {
      DATA_DIR: join(runDir, 'data'),
      ...(database
        ? {
            DATABASE_URL: database.url ?? '',
            REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
          }
        : {}),
      JWT_SECRET: `soak-${'s'.repeat(40)}`,
      SMTP_URL: mailbox.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      SOAK_PROBE_FILE: probeFile,
      SOAK_PROBE_EVERY_MS: String(SAMPLE_MS),
    },
    members: { server: 'api,stream,market' },
    logDir: join(runDir, 'logs'),
    preload: [PROBE],
    isBuilt: options.isEmbedded,
  });
  say(
    `server started in ${Math.round((Date.now() - startedAt) / 1000)} s (${database ? 'PostgreSQL' : 'embedded'})`,
  );
  const stats = database ? new pg.Client({ connectionString: database.url }) : undefined;
  await stats?.connect();
  let failed = false;
  try {
    const rng = createRng(1);
    const tally = createTally();
    const api = createBalancedApi(() => cluster.members, tally, rng);
    const signin = await api<{ data: { token: string } }>('/auth/signin', {
      method: 'POST',
      body: ADMIN,
      ip: ADMIN_IP,
    });
    const prices = createPriceWatch(api);
    await prices.start();
    await until(async () => prices.priceOf('BTC_USDT') !== undefined, 60_000, 'prices');
    const users = await createUsers({
      api,
      apiMember: cluster.members[0] as (typeof cluster.members)[number],
      mailbox,
      adminToken: signin?.body.data.token ?? '',
      count: options.users,
      onChain: 0,
    });
    const watchers = startWatchers(users, cluster.members, api, rng);
    const loadFromMs = Date.now();
    say(
      `${users.length} users and ${watchers.length} stream clients; sampling every ${SAMPLE_MS / 1000} s for ${options.minutes} min`,
    );

    const connections: Array<{ t: number; n: number }> = [];
    const sampler = setInterval(() => {
      void stats
        ?.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = current_database()',
        )
        .then((result) => connections.push({ t: Date.now(), n: (result.rows[0]?.n ?? 1) - 1 }))
        .catch(() => undefined);
    }, SAMPLE_MS);
    const endsAt = Date.now() + options.minutes * 60_000;
    const errors: string[] = [];
    await Promise.all(
      users.map((user, i) =>
        actAsUser({
          user,
          api,
          rng: createRng(i + 2),
          tally,
          prices,
          mailbox,
          running: () => Date.now() < endsAt,
          errors,
        }),
      ),
    );
    clearInterval(sampler);
    for (const watcher of watchers) watcher.close();
    prices.stop();
    say(`load stopped: ${tally.requests} requests (${tally.summary()})`);

    const probes = readFileSync(probeFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Omit<SoakSample, 'dbConnections'>);
    const samples: SoakSample[] = probes.map((probe) =>
      stats
        ? {
            ...probe,
            dbConnections: connections.reduce(
              (best, sample) => (Math.abs(sample.t - probe.t) < Math.abs(best.t - probe.t) ? sample : best),
              connections[0] ?? { t: probe.t, n: 0 },
            ).n,
          }
        : probe,
    );
    const verdicts = judgeSoak(samples);
    // The limit is the running server's: the first start (history being written) comes before it.
    const rssMax = Math.max(
      ...samples.filter((sample) => sample.t >= loadFromMs).map((sample) => sample.rssMb),
    );
    const isOverLimit = options.rssLimitMib !== undefined && rssMax > options.rssLimitMib;
    writeFileSync(
      options.out,
      drawSoak(samples, {
        title: `Soak${database ? '' : ' (embedded)'}: ${options.minutes} min, ${users.length} users, ${tally.requests} requests, ${new Date().toISOString().slice(0, 10)}`,
        ...(options.rssLimitMib !== undefined ? { limits: { rssMb: options.rssLimitMib } } : {}),
      }),
    );
    for (const verdict of verdicts) say(verdict.line);
    if (options.rssLimitMib !== undefined)
      say(
        `RSS under load at most ${rssMax.toFixed(0)} MB against the limit of ${options.rssLimitMib} MB (${isOverLimit ? 'OVER' : 'within'})`,
      );
    say(`curves drawn into ${options.out}`);
    failed = verdicts.some((verdict) => verdict.grows) || isOverLimit;
    console.info(
      `soak: ${samples.length} samples, ${tally.requests} requests, ${verdicts.filter((v) => v.grows).length} growing`,
    );
  } finally {
    await stats?.end();
    await cluster.stopAll();
    await mailbox.close();
    await database?.drop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: Error) => {
  console.error(`soak: failed to run: ${error.stack ?? error.message}`);
  process.exit(2);
});
