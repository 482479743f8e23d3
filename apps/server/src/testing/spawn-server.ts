// Starts the real server in a process of its own, as `npm start` does, for the tests, chaos runs
// and benchmarks that need a whole process; it refuses a bundle older than the source, and picks
// ports clear of the range the kernel hands to outgoing connections.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUNDLE = join(SERVER_ROOT, 'dist', 'main.js');
/** What the bundle is built from: the server's source and the contracts it compiles in. */
const BUNDLED_SOURCES = [
  join(SERVER_ROOT, 'src'),
  join(SERVER_ROOT, '..', '..', 'packages', 'contracts', 'src'),
];

/** The newest file under `dir` that goes into the bundle (tests and their helpers do not), and its time. */
function newestSource(dir: string): { file: string; ms: number } {
  let newest = { file: dir, ms: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'testing') continue;
      const inner = newestSource(path);
      if (inner.ms > newest.ms) newest = inner;
    } else if (!/\.test\.tsx?$/.test(entry.name)) {
      const ms = statSync(path).mtimeMs;
      if (ms > newest.ms) newest = { file: path, ms };
    }
  }
  return newest;
}

let isBundleChecked = false;

/**
 * Throws unless `dist/main.js` is built and newer than every source file it is built from: a test
 * must never start yesterday's server. Checked once per process.
 */
export function assertBundleCurrent(): void {
  if (isBundleChecked) return;
  if (!existsSync(BUNDLE))
    throw new Error(`the server is not built (${BUNDLE} is missing): run \`npm run build\` first`);
  const builtMs = statSync(BUNDLE).mtimeMs;
  for (const dir of BUNDLED_SOURCES) {
    const newest = newestSource(dir);
    if (newest.ms > builtMs)
      throw new Error(`the server's bundle is older than ${newest.file}: run \`npm run build\` first`);
  }
  isBundleChecked = true;
}

/**
 * Ports a test's server listens on are taken below the system's range for outgoing connections
 * (32768-60999 on Linux): a port the kernel handed out as free and then released can be taken as
 * the source port of another test's connection (to PostgreSQL, Redis, a server) before the server
 * binds it, which failed a start with EADDRINUSE once two test files ran at a time.
 */
const TEST_PORTS = { from: 20_000, to: 32_767 } as const;
const PORT_TRIES = 50;

/** Whether nothing listens on 127.0.0.1:`port` now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.once('error', () => resolveFree(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveFree(true)));
  });
}

/** A port free on 127.0.0.1 now, outside the range of outgoing connections' source ports. */
export async function freePort(): Promise<number> {
  for (let i = 0; i < PORT_TRIES; i++) {
    const port = TEST_PORTS.from + Math.floor(Math.random() * (TEST_PORTS.to - TEST_PORTS.from + 1));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${TEST_PORTS.from} and ${TEST_PORTS.to} after ${PORT_TRIES} tries`);
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  health(): Promise<{ status: number; body: unknown } | undefined>;
  waitUntil(check: () => Promise<boolean>, ms: number, what: string): Promise<void>;
  /** Waits (as `waitUntil`) until `/health` answers 200; `what` names the wait in its error. */
  waitUntilHealthy(ms: number, what?: string): Promise<void>;
}

/**
 * Starts the server as an operator would (`npm start` runs the bundle, `dist/main.js`), in its own
 * process, with `env` on top; `preload` modules are imported before it (a probe that samples the
 * process from inside). The bundle must be built from the current source (a start from the
 * sources through tsx, `isBuilt: false`, compiles them again in every process: several seconds).
 */
export async function spawnServer(
  env: Record<string, string> = {},
  options: { preload?: readonly string[]; isBuilt?: boolean } = {},
): Promise<ServerProcess> {
  const isBuilt = options.isBuilt ?? true;
  if (isBuilt) assertBundleCurrent();
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const preloads = (options.preload ?? []).flatMap((module) => ['--import', module]);
  const entry = isBuilt ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, [...preloads, ...entry], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'td-proc-')),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const url = `http://127.0.0.1:${port}`;
  const health: ServerProcess['health'] = async () => {
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1_000) });
      return { status: response.status, body: await response.json() };
    } catch {
      return undefined;
    }
  };
  const waitUntil: ServerProcess['waitUntil'] = async (check, ms, what) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await check()) return;
      if (child.exitCode !== null)
        throw new Error(`server exited (${child.exitCode}) before ${what}:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out after ${ms} ms waiting for ${what}:\n${output}`);
  };
  return {
    child,
    port,
    url,
    output: () => output,
    exited,
    health,
    waitUntil,
    waitUntilHealthy: (ms, what = '/health') =>
      waitUntil(async () => (await health())?.status === 200, ms, what),
  };
}

/** Kills with SIGKILL whichever of `servers` still run, and waits until every one has exited. */
export async function killServers(servers: Iterable<ServerProcess | undefined>): Promise<void> {
  const started = [...servers].filter((server): server is ServerProcess => server !== undefined);
  for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(started.map((server) => server.exited));
}
