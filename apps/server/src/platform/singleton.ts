import pg from 'pg';
import type { Logger } from './logger';

/** A piece of work that must run in exactly one process of a deployment. */
export interface SingletonWork {
  name: string;
  /** A PostgreSQL advisory lock key, unique per singleton. */
  lockKey: number;
  /** Starts the work; returns how to stop it. */
  start(): Promise<() => Promise<void>>;
}

export interface SingletonRunner {
  /** Names of the singletons this process runs right now. */
  activeNames(): string[];
  stop(): Promise<void>;
}

const RETRY_MS = 1_000;
const HEARTBEAT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 5_000;

/** On the embedded database there is only one process, so every singleton simply runs. */
export async function runSingletonsAlone(works: SingletonWork[], logger: Logger): Promise<SingletonRunner> {
  const stops: Array<() => Promise<void>> = [];
  for (const work of works) {
    stops.push(await work.start());
    logger.info({ role: work.name }, 'role active');
  }
  return {
    activeNames: () => works.map((work) => work.name),
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}

/**
 * Elects this process for each singleton through a session-level advisory lock held on a
 * connection of its own. A standby retries every second; when the leader dies, PostgreSQL ends its
 * session and drops the lock, and a standby takes over. If our own session is lost we stop the
 * work at once, before anyone else can take the lock, so two processes never run it together.
 */
export async function runSingletonsElected(
  works: SingletonWork[],
  databaseUrl: string,
  logger: Logger,
): Promise<SingletonRunner> {
  const running = new Map<string, () => Promise<void>>();
  let client: pg.Client | undefined;
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let cycle: Promise<void> = Promise.resolve();

  const stopAll = async () => {
    for (const [name, stop] of [...running].reverse()) {
      running.delete(name);
      try {
        await stop();
      } catch (error) {
        logger.error({ err: error, role: name }, 'role failed to stop');
      }
      logger.info({ role: name }, 'role stopped');
    }
  };

  const dropSession = async (reason: string, error?: unknown) => {
    if (running.size > 0)
      logger.warn({ err: error, reason }, 'lost the election session; stopping singleton roles');
    const old = client;
    client = undefined;
    await stopAll();
    await old?.end().catch(() => undefined);
  };

  const tick = async () => {
    if (isStopped) return;
    try {
      if (!client) {
        const next = new pg.Client({
          connectionString: databaseUrl,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
          application_name: 'trading-desk-election',
        });
        next.on('error', (error) => {
          if (client === next) void dropSession('connection error', error);
        });
        await next.connect();
        client = next;
      }
      const session = client;
      if (running.size > 0) await session.query('select 1');
      for (const work of works) {
        if (running.has(work.name) || isStopped) continue;
        const result = await session.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          work.lockKey,
        ]);
        if (!result.rows[0]?.locked) continue;
        if (client !== session || isStopped) {
          break;
        }
        try {
          running.set(work.name, await work.start());
          logger.info({ role: work.name }, 'role active (elected)');
        } catch (error) {
          logger.error({ err: error, role: work.name }, 'role failed to start; releasing it');
          await session.query('select pg_advisory_unlock($1)', [work.lockKey]).catch(() => undefined);
        }
      }
    } catch (error) {
      await dropSession('query failed', error);
    }
  };

  const schedule = () => {
    if (isStopped) return;
    timer = setTimeout(
      () => {
        cycle = tick().finally(schedule);
      },
      running.size > 0 ? HEARTBEAT_MS : RETRY_MS,
    );
  };

  cycle = tick().finally(schedule);
  await cycle;
  if (running.size < works.length) {
    logger.info({ standby: works.filter((w) => !running.has(w.name)).map((w) => w.name) }, 'standing by');
  }

  return {
    activeNames: () => [...running.keys()],
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await cycle.catch(() => undefined);
      await stopAll();
      // Ending the session releases every lock it holds.
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
