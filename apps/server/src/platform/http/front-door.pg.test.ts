import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNginx, type RunningNginx, startNginx } from '../../testing/nginx';
import { callProcess, signUpOnProcess } from '../../testing/process-user';
import { freePort, killServers, type ServerProcess, spawnServer } from '../../testing/spawn-server';
import { usePostgresWorld } from '../../testing/use-postgres-world';

const STARTUP_MS = 90_000;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RECOVER_WITHIN_MS = 20_000;

/**
 * The repository's nginx configuration (deploy/nginx.conf, as docs/DEPLOY.md gives it) in front of
 * two `api,stream` processes: the API and the stream work through it, and when one process dies
 * users go on through the other, their sockets reconnecting.
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

  beforeAll(async () => {
    ensureNginx();
    const env = {
      DATABASE_URL: world.database.url ?? '',
      REDIS_URL,
      SMTP_URL: world.mailbox.url,
      JWT_SECRET: `front-door-${'f'.repeat(40)}`,
      ROLES: 'api,stream,market',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    };
    for (let i = 0; i < 2; i++) {
      const metricsPort = await freePort();
      metricsPorts.push(metricsPort);
      servers.push(await spawnServer({ ...env, METRICS_PORT: String(metricsPort) }));
    }
    for (const server of servers) {
      await server.waitUntil(async () => (await server.health())?.status === 200, STARTUP_MS, '/health');
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
  }, STARTUP_MS * 2);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await nginx?.stop();
    await killServers(servers);
  });

  it(
    'serves the API and the stream through nginx, and keeps them when a process dies',
    async () => {
      const user = await signUpOnProcess(nginx.url, world.mailbox);
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
});
