// The deployment a chaos or soak run attacks: server processes started on this machine by role,
// each keeping its port across restarts, with the levers to kill, pause, stop and restart them,
// and to restart PostgreSQL or stop and start Redis underneath them.
import { execFile } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, type ServerProcess, spawnServer } from '../testing/spawn-server';

const run = promisify(execFile);

/** How long a process may take to answer /health after a start (tsx compiles on a busy machine). */
const START_MS = 120_000;
const POLL_MS = 200;

/** One server process of the cluster: its roles, its fixed port (kept across restarts), its state. */
export interface Member {
  name: string;
  roles: string;
  port: number;
  url: string;
  /** The running process, or undefined while it is down (killed and not yet restarted). */
  current: ServerProcess | undefined;
  stopped: boolean;
  restarts: number;
}

export interface ClusterOptions {
  /** Environment every process shares (database, Redis, secrets, mail, chain). */
  env: Record<string, string>;
  /** `name → roles`, e.g. `{ 'api-1': 'api,stream' }`. */
  members: Record<string, string>;
  /** Where each process's output is written, one file per member. */
  logDir: string;
  /** Modules every process imports before the server (see spawnServer). */
  preload?: readonly string[];
  /** Runs the bundle (`dist/main.js`, as `npm start` does) instead of the sources. */
  isBuilt?: boolean;
}

/**
 * Processes of one deployment on this machine, started as an operator would, each on a
 * port of its own that it keeps when restarted, so clients find it again.
 */
export async function startCluster(options: ClusterOptions) {
  mkdirSync(options.logDir, { recursive: true });
  const members: Member[] = [];
  for (const [name, roles] of Object.entries(options.members)) {
    const port = await freePort();
    members.push({
      name,
      roles,
      port,
      url: `http://127.0.0.1:${port}`,
      current: undefined,
      stopped: false,
      restarts: 0,
    });
  }

  const start = async (member: Member) => {
    const log = createWriteStream(join(options.logDir, `${member.name}.log`), { flags: 'a' });
    const server = await spawnServer(
      { ...options.env, ROLES: member.roles, PORT: String(member.port) },
      { preload: options.preload ?? [], isBuilt: options.isBuilt ?? false },
    );
    server.child.stdout?.pipe(log);
    server.child.stderr?.pipe(log);
    member.current = server;
    member.stopped = false;
    void server.exited.then(() => {
      if (member.current === server) member.current = undefined;
      log.end();
    });
    await waitHealthy(member);
  };

  const waitHealthy = async (member: Member) => {
    const deadline = Date.now() + START_MS;
    while (Date.now() < deadline) {
      const server = member.current;
      if (!server) throw new Error(`${member.name} exited while starting`);
      const health = await server.health();
      if (health?.status === 200) return;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    throw new Error(`${member.name} did not answer /health within ${START_MS} ms`);
  };

  // The first process migrates the database alone; the others start after it.
  const [first, ...rest] = members;
  if (first) await start(first);
  await Promise.all(rest.map(start));

  return {
    members,
    byRole: (role: string) => members.filter((member) => member.roles.split(',').includes(role)),
    /** SIGKILL: no shutdown step runs. Resolves once the process is gone. */
    async kill(member: Member) {
      const server = member.current;
      if (!server) return;
      if (member.stopped) server.child.kill('SIGCONT');
      server.child.kill('SIGKILL');
      await server.exited;
    },
    /**
     * SIGTERM, as an orchestrator stops a process: it stops accepting, finishes what is in flight
     * and closes its sockets. Resolves with the exit code; SIGKILL after `graceMs`.
     */
    async terminate(member: Member, graceMs = 15_000): Promise<number | null> {
      const server = member.current;
      if (!server) return null;
      if (member.stopped) this.resume(member);
      server.child.kill('SIGTERM');
      const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
      const code = await server.exited;
      clearTimeout(timer);
      return code;
    },
    async restart(member: Member) {
      if (member.current) return;
      member.restarts += 1;
      await start(member);
    },
    pause(member: Member) {
      if (!member.current || member.stopped) return false;
      member.current.child.kill('SIGSTOP');
      member.stopped = true;
      return true;
    },
    resume(member: Member) {
      if (!member.current || !member.stopped) return;
      member.current.child.kill('SIGCONT');
      member.stopped = false;
    },
    /** Every member running and answering /health (restarting any that is down). */
    async ensureAllUp() {
      for (const member of members) {
        if (member.stopped) this.resume(member);
        if (!member.current) await this.restart(member);
        await waitHealthy(member);
      }
    },
    async stopAll() {
      await Promise.all(members.map((member) => this.terminate(member)));
    },
  };
}
export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** The machine's PostgreSQL server restarted (fast mode: every connection is cut). */
export async function restartPostgres(): Promise<void> {
  const { stdout } = await run('ls', ['/etc/postgresql']);
  const version = stdout.trim().split('\n')[0];
  if (!version) throw new Error('no PostgreSQL cluster under /etc/postgresql');
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart', '-m', 'fast']);
}

/** The machine's Redis stopped (nothing is saved: it keeps nothing on disk here). */
export async function stopRedis(port = 6379): Promise<void> {
  await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'shutdown', 'nosave']).catch(
    // The shutdown closes the connection before answering.
    () => undefined,
  );
  await until(async () => !(await redisAnswers(port)), 10_000, 'Redis to stop');
}

export async function startRedis(port = 6379): Promise<void> {
  await run('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await until(() => redisAnswers(port), 10_000, 'Redis to start');
}

async function redisAnswers(port: number): Promise<boolean> {
  try {
    const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping']);
    return stdout.trim() === 'PONG';
  } catch {
    return false;
  }
}

/** Polls `check` until it holds, or throws after `ms` naming `what` (read when it throws). */
export async function until(
  check: () => Promise<boolean>,
  ms: number,
  what: string | (() => string),
): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${typeof what === 'string' ? what : what()}`);
}
