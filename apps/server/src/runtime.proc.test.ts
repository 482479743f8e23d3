import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDataDir } from './testing/migrated-data-dir';
import { freePort, killServers, type ServerProcess, spawnServer } from './testing/spawn-server';

const STARTUP_MS = 60_000;
const running: ServerProcess[] = [];

async function start(env: Record<string, string> = {}) {
  const server = await spawnServer(env);
  running.push(server);
  return server;
}

/** A server started with `env`, once it answers /health. */
async function startHealthy(env: Record<string, string>) {
  const server = await start(env);
  await server.waitUntilHealthy(STARTUP_MS);
  return server;
}

/** A new, empty data directory: a first start (initdb or the build's template, every migration). */
const newDataDir = () => mkdtempSync(join(tmpdir(), 'td-proc-'));

/** Expects a clean stop: exit code 0, the data directory's lock given back, and the last word logged. */
async function expectStoppedCleanly(server: ServerProcess, dataDir: string) {
  expect(await server.exited).toBe(0);
  expect(existsSync(join(dataDir, '.lock'))).toBe(false);
  expect(server.output()).toContain('stopped');
}

afterEach(async () => {
  await killServers(running.splice(0));
});

// A start waits up to STARTUP_MS for /health; each test has that and time to stop on top.
describe('the server process on the embedded database', { timeout: STARTUP_MS + 15_000 }, () => {
  it('starts, answers /health, serves its metrics on their own port only, and stops cleanly on SIGTERM with exit code 0', async () => {
    const dataDir = newDataDir();
    const metricsPort = await freePort();
    const server = await startHealthy({ DATA_DIR: dataDir, METRICS_PORT: String(metricsPort) });
    expect(existsSync(join(dataDir, '.lock'))).toBe(true);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^td_role_active\{role="api"\} 1$/m);
    expect((await fetch(`${server.url}/metrics`, { headers: { accept: 'application/json' } })).status).toBe(
      404,
    );
    const before = Date.now();
    server.child.kill('SIGTERM');
    await expectStoppedCleanly(server, dataDir);
    expect(Date.now() - before).toBeLessThan(10_000);
  });

  // The tests below start on a database that exists, as a restart does: only the first one above is
  // about a first start.
  it('stops cleanly on a SIGTERM that comes while it is still starting (listening, its market not yet up)', async () => {
    const dataDir = await migratedDataDir();
    const server = await start({ DATA_DIR: dataDir });
    // The line it logs right after it starts listening, before the market's roles start.
    await new Promise<void>((resolve) => {
      const onOutput = (chunk: Buffer) => {
        if (!chunk.toString().includes(' in a browser')) return;
        server.child.stdout?.off('data', onOutput);
        server.child.kill('SIGTERM');
        resolve();
      };
      server.child.stdout?.on('data', onOutput);
    });
    await expectStoppedCleanly(server, dataDir);
  });

  it('refuses a second start on the same data directory with a clear message', async () => {
    const dataDir = await migratedDataDir();
    const first = await startHealthy({ DATA_DIR: dataDir });
    const second = await start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data directory ${dataDir} is in use by another Trading Desk process`,
    );
    expect(second.output()).not.toMatch(/\n\s+at /);
    // The first one is untouched.
    expect((await first.health())?.status).toBe(200);
  });

  it(
    'takes over a lock left by a process that died',
    async () => {
      const dataDir = await migratedDataDir();
      const first = await startHealthy({ DATA_DIR: dataDir });
      first.child.kill('SIGKILL');
      await first.exited;
      const second = await start({ DATA_DIR: dataDir });
      await second.waitUntilHealthy(STARTUP_MS, '/health after a crash');
    },
    2 * STARTUP_MS,
  );

  it('refuses a bad configuration with one line naming the variable', async () => {
    const server = await start({ PORT: '3000', LOG_LEVEL: 'loud', ROLES: 'api,web' });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Invalid configuration: .*ROLES.*LOG_LEVEL|^Invalid configuration: .*LOG_LEVEL.*ROLES/,
    );
  });
});
