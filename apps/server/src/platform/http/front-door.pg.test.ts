import { get } from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNginx, type RunningNginx, startNginx } from '../../testing/nginx';
import { callProcess, signUpOnProcess } from '../../testing/process-user';
import { freePort, killServers, type ServerProcess, spawnServer } from '../../testing/spawn-server';
import { TEST_REDIS_URL } from '../../testing/test-database';
import { usePostgresWorld } from '../../testing/use-postgres-world';
import { writeWebBuild } from '../../testing/web-build';

const STARTUP_MS = 90_000;
const RECOVER_WITHIN_MS = 20_000;

/**
 * The repository's nginx configuration (deploy/nginx.conf, as docs/DEPLOY.md gives it) in front of
 * two `api,stream` processes: pages, the API and the stream work through it; when one process dies
 * users go on through the other, their sockets reconnecting; and a rolling restart of both loses
 * no request.
 */
describe('two processes behind nginx', () => {
  const world = usePostgresWorld();
  const servers: ServerProcess[] = [];
  const metricsPorts: number[] = [];
  let nginx: RunningNginx;
  /** The sockets each process holds, from its metrics. */
  const streamClients = async (index: number) => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPorts[index]}/metrics`)).text();
    return Number(/^td_stream_clients (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
  };
  const sockets: Socket[] = [];
  /** API requests process `index` has answered, from its metrics. */
  const answeredBy = async (index: number) => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPorts[index]}/metrics`)).text();
    return [
      ...text.matchAll(
        /^td_http_request_duration_seconds_count\{[^}]*route="\/(?:profile|pairs)"[^}]*\} (\d+)$/gm,
      ),
    ]
      .map((match) => Number(match[1]))
      .reduce((sum, count) => sum + count, 0);
  };
  const build = writeWebBuild(
    '<!doctype html><html><head><title>Trading Desk</title></head><body><div id="root"></div><script type="module" src="/assets/app-1234.js"></script></body></html>',
    { 'assets/app-1234.js': 'console.log("desk")' },
  );
  let env: Record<string, string>;
  let user: { token: string };
  /** Stops process `index` as an operator's restart does (SIGTERM, drained) and starts it again on its port. */
  const restart = async (index: number, signal: NodeJS.Signals = 'SIGTERM') => {
    const server = servers[index] as ServerProcess;
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
    await server.exited;
    const again = await spawnServer({
      ...env,
      PORT: String(server.port),
      METRICS_PORT: String(metricsPorts[index]),
    });
    servers[index] = again;
    await again.waitUntilHealthy(STARTUP_MS);
  };

  beforeAll(async () => {
    ensureNginx();
    env = {
      DATABASE_URL: world.database.url ?? '',
      REDIS_URL: TEST_REDIS_URL,
      SMTP_URL: world.mailbox.url,
      JWT_SECRET: `front-door-${'f'.repeat(40)}`,
      ROLES: 'api,stream,market',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: build.dir,
      SHUTDOWN_DRAIN_MS: '1000',
    };
    for (let i = 0; i < 2; i++) {
      const metricsPort = await freePort();
      metricsPorts.push(metricsPort);
      servers.push(await spawnServer({ ...env, METRICS_PORT: String(metricsPort) }));
    }
    for (const server of servers) {
      await server.waitUntilHealthy(STARTUP_MS);
    }
    nginx = await startNginx({
      port: await freePort(),
      upstreams: servers.map((server) => `127.0.0.1:${server.port}`),
    });
    await servers[0]?.waitUntil(
      async () => (await callProcess(nginx.url, '/health/live').catch(() => undefined))?.status === 200,
      10_000,
      'nginx answering',
    );
    user = await signUpOnProcess(nginx.url, world.mailbox);
  }, STARTUP_MS * 2);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await nginx?.stop();
    await killServers(servers);
    build.remove();
  });

  it('serves the pages through nginx: the app for a navigation, its assets cached for good', async () => {
    // As a browser navigates (fetch() would say `sec-fetch-mode: cors`, which no page answers).
    const page = await new Promise<{ status: number; cacheControl: string | undefined; body: string }>(
      (resolve, reject) => {
        get(
          `${nginx.url}/trade`,
          { headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              body += chunk;
            });
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                cacheControl: response.headers['cache-control'],
                body,
              }),
            );
          },
        ).on('error', reject);
      },
    );
    expect(page.status).toBe(200);
    expect(page.cacheControl).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
    const asset = await fetch(`${nginx.url}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log("desk")');
  });

  it(
    'serves the API and the stream through nginx, and keeps them when a process dies',
    async () => {
      expect((await callProcess(nginx.url, '/profile', { token: user.token })).status).toBe(200);

      const ticket = async () =>
        (await callProcess<{ data: { token: string } }>(nginx.url, '/auth/wss/signin', { token: user.token }))
          .body.data.token;
      const socket = io(nginx.url, {
        auth: (send) => void ticket().then((token) => send({ token })),
        transports: ['websocket'],
        reconnectionDelay: 200,
        reconnectionDelayMax: 1_000,
      });
      sockets.push(socket);
      let connects = 0;
      socket.on('connect', () => {
        connects += 1;
      });
      await servers[0]?.waitUntil(async () => connects === 1, 15_000, 'the socket connecting through nginx');

      // Both processes answer through nginx (one runs the market, the other waits on standby).
      const markets = new Set<string>();
      for (let i = 0; i < 10; i++) {
        const answer = await callProcess<{ data: { roles: { market: string } } }>(nginx.url, '/health/ready');
        expect(answer.status).toBe(200);
        markets.add(answer.body.data.roles.market);
      }
      expect([...markets].sort()).toEqual(['active', 'standby']);

      // The process holding the socket dies without a word: every request still gets its answer,
      // through the other, and the socket connects again there.
      await servers[0]?.waitUntil(
        async () => (await streamClients(0)) + (await streamClients(1)) === 1,
        10_000,
        'the socket counted by its process',
      );
      const holder = (await streamClients(0)) === 1 ? 0 : 1;
      const other = 1 - holder;
      servers[holder]?.child.kill('SIGKILL');
      await servers[holder]?.exited;
      for (let i = 0; i < 20; i++) {
        const answer = await callProcess(nginx.url, '/profile', { token: user.token });
        expect(answer.status, `request ${i}`).toBe(200);
      }
      await servers[other]?.waitUntil(
        async () => connects === 2 && socket.connected && (await streamClients(other)) === 1,
        RECOVER_WITHIN_MS,
        'the socket reconnecting to the process that stays',
      );
      expect(nginx.errors()).not.toMatch(/\[emerg\]/);
    },
    STARTUP_MS,
  );

  it(
    'restarts both processes one after the other without losing a request',
    async () => {
      // The process killed above comes back first, as an operator would bring it back.
      for (const [index, server] of servers.entries()) {
        if (server.child.exitCode !== null || server.child.signalCode !== null) await restart(index);
      }
      const socket = io(nginx.url, {
        auth: (send) =>
          void callProcess<{ data: { token: string } }>(nginx.url, '/auth/wss/signin', {
            token: user.token,
          }).then((answer) => send({ token: answer.body.data.token })),
        transports: ['websocket'],
        reconnectionDelay: 200,
        reconnectionDelayMax: 1_000,
      });
      sockets.push(socket);
      // As the web app does: a server that let go (a process stopping) is answered by connecting
      // again, with a fresh ticket, through nginx to a process that stays.
      socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 200);
      });
      await servers[0]?.waitUntil(async () => socket.connected, 15_000, 'the socket connecting');

      // Users keep asking all along: their profile, the pairs, the app's assets.
      const failures: string[] = [];
      let answered = 0;
      let isRunning = true;
      const keepAsking = async (worker: number) => {
        for (let n = 0; isRunning; n++) {
          const path = ['/profile', '/pairs', '/assets/app-1234.js'][(n + worker) % 3] as string;
          const status = await fetch(`${nginx.url}${path}`, {
            headers: { authorization: `Bearer ${user.token}` },
          }).then(
            async (answer) => {
              await answer.arrayBuffer();
              return answer.status;
            },
            (error: Error) => `${error.message} (${String(error.cause)})`,
          );
          if (status === 200) answered++;
          else failures.push(`${path}: ${status}`);
        }
      };
      const workers = [0, 1, 2, 3].map(keepAsking);
      for (const index of [0, 1]) {
        const before = answered;
        await restart(index);
        // Requests went on while this process was away.
        expect(answered).toBeGreaterThan(before);
        // nginx skips a process that failed for fail_timeout: the next one stops only once this one
        // has its share of requests again (DEPLOY.md's rolling restart).
        await servers[index]?.waitUntil(
          async () => (await answeredBy(index)) > 0,
          RECOVER_WITHIN_MS,
          'nginx sending requests to the restarted process',
        );
      }
      isRunning = false;
      await Promise.all(workers);
      if (failures.length > 0) console.log(nginx.errors().slice(0, 6000));
      expect(failures).toEqual([]);
      await servers[0]?.waitUntil(
        async () => socket.connected,
        RECOVER_WITHIN_MS,
        'the socket back after the restarts',
      );
      expect(nginx.errors()).not.toMatch(/\[emerg\]/);
    },
    STARTUP_MS * 3,
  );
});
