import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
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
 * Starts the server from source as an operator would, in its own process, with `env` on top;
 * `preload` modules are imported before it (a probe that samples the process from inside).
 */
export async function spawnServer(
  env: Record<string, string> = {},
  /** `isBuilt`: the bundle (`dist/main.js`, as `npm start` runs it) instead of the sources. */
  options: { preload?: readonly string[]; isBuilt?: boolean } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const preloads = (options.preload ?? []).flatMap((module) => ['--import', module]);
  const entry = options.isBuilt ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
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
