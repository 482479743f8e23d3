// Starts the built server (serving the built web app) for the browser journeys, as an operator
// would: its own process, a free port, a fresh data directory and a clean environment, so nothing
// from the developer's shell leaks in.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@td/server/testing';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_MAIN = join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');
const WEB_INDEX = join(REPO_ROOT, 'apps', 'web', 'dist', 'index.html');

// A fresh data directory runs every migration first; on a busy two-core machine that takes a while.
const START_TIMEOUT_MS = 100_000;
const STOP_TIMEOUT_MS = 10_000;
const HEALTH_POLL_MS = 100;
const HEALTH_REQUEST_TIMEOUT_MS = 1_000;

export interface TRunningServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Everything the process wrote so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM, wait for the exit, remove the temporary data directory. */
  stop(): Promise<void>;
  /** SIGTERM and nothing more, synchronously (as the test process exits); the record's owner cleans up. */
  kill(): void;
}

/** What `record` keeps of a running server, for whoever must stop it if its starter cannot. */
export interface TServerRecord {
  pid: number;
  dataDir: string;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(HEALTH_REQUEST_TIMEOUT_MS) });
    return response.status === 200;
  } catch {
    return false;
  }
}

export interface TStartServerOptions {
  /** Extra environment on top of the clean defaults, e.g. SMTP_URL (see mailbox.ts) or ADMIN_EMAIL. */
  env?: Record<string, string>;
  /** A data directory to start from, copied first (the migrated template of global-setup.ts). */
  template?: string;
  /** Use this data directory and keep it after stop() (how the template itself is made). */
  dataDir?: string;
  /**
   * The name the browser reaches the server by: `localhost` where the page needs a domain (a
   * passkey's relying party cannot be an IP address); the product's PUBLIC_URL follows it.
   */
  hostName?: '127.0.0.1' | 'localhost';
  /**
   * A directory to leave a record of the process in (`<pid>.json`, a TServerRecord) while it runs,
   * removed by stop(): a server that outlives the process that started it is stopped from there.
   */
  record?: string;
}

/**
 * Starts the built server (apps/server/dist/main.js, which serves the built web app) as an
 * operator would: its own process, a free port, a fresh data directory (a copy of `template` when
 * given). Resolves once
 * GET /health answers 200.
 */
export async function startServer({
  env = {},
  template,
  dataDir: keptDataDir,
  hostName = '127.0.0.1',
  record,
}: TStartServerOptions = {}): Promise<TRunningServer> {
  for (const [file, what] of [
    [SERVER_MAIN, 'the server'],
    [WEB_INDEX, 'the web app'],
  ] as const) {
    if (!existsSync(file))
      throw new Error(`${what} is not built (${file} is missing): run \`npm run build\` first`);
  }

  const port = await freePort();
  const dataDir = keptDataDir ?? mkdtempSync(join(tmpdir(), 'td-e2e-'));
  // A server on PostgreSQL (DATABASE_URL) keeps only its secrets here: nothing to copy.
  if (template && !keptDataDir && !env.DATABASE_URL) cpSync(template, dataDir, { recursive: true });
  const url = `http://${hostName}:${port}`;
  // A clean environment: nothing from the developer's shell (DATABASE_URL, REDIS_URL...) leaks in.
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every pair is simulated here: a demonstration deployment, unless a journey says otherwise.
      REAL_TRADING_ON_SIMULATED_PRICES: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recordFile = record && child.pid !== undefined ? join(record, `${child.pid}.json`) : undefined;
  if (recordFile && child.pid !== undefined)
    writeFileSync(recordFile, JSON.stringify({ pid: child.pid, dataDir } satisfies TServerRecord));

  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
    }
    if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
    if (recordFile) rmSync(recordFile, { force: true });
  };
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await isHealthy(url))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not healthy at ${url}/health after ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, HEALTH_POLL_MS));
  }

  return { url, output: () => output, stop, kill };
}
