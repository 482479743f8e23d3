import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../modules/ledger/ledger';
import { createRng } from '../modules/market/rng';
import { checkMoney } from '../testing/money-checker';
import { demoBtcBuy } from '../testing/order-bodies';
import { TEST_REDIS_URL } from '../testing/test-database';
import { usePostgresWorld } from '../testing/use-postgres-world';
import { type Cluster, type Member, startCluster, until } from './cluster';
import { createPriceWatch } from './price-watch';
import { createUsers, type SimulatedUser } from './simulated-users';
import { createBalancedApi, createTally } from './traffic';

const USERS = 6;
const START_MS = 120_000;
/** The balancer's health-check interval; the processes drain for several of them when stopped. */
const HEALTH_CHECK_MS = 250;
const DRAIN_MS = 1_500;

type Outcome =
  | { kind: 'answer'; status: number; body: unknown }
  | { kind: 'refused' }
  | { kind: 'failed'; why: string };

/**
 * One request on a connection of its own (as a proxy such as nginx talks to its upstreams by
 * default): a refused connection is safe to send elsewhere, anything else that fails was lost.
 */
function send(
  member: Member,
  path: string,
  init: { method?: string; body?: unknown; token?: string; ip: string },
) {
  return new Promise<Outcome>((resolve) => {
    const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
    const req = request(
      {
        host: '127.0.0.1',
        port: member.port,
        path,
        method: init.method ?? 'GET',
        agent: false,
        timeout: 15_000,
        headers: {
          'x-forwarded-for': init.ip,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            body = undefined;
          }
          resolve({ kind: 'answer', status: response.statusCode ?? 0, body });
        });
        response.on('error', (error) => resolve({ kind: 'failed', why: error.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 15 s')));
    // Failing to connect (refused, or reset before the handshake ended, as a closing listener
    // does to its backlog) means no process saw the request: a balancer sends it elsewhere.
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.syscall === 'connect' ? { kind: 'refused' } : { kind: 'failed', why: error.message }),
    );
    req.end(payload);
  });
}

/**
 * `api,stream` processes replaced one at a time with SIGTERM while users keep trading through a
 * balancer in front of them: no request is lost (each one that reached a process is answered, and
 * none is a 5xx), every acknowledged order is stored and the money adds up, and an open stream is
 * told by its stopping process to reconnect, finds the other one and goes on receiving its events.
 */
describe('a rolling restart under load', () => {
  const world = usePostgresWorld();
  let cluster: Cluster | undefined;

  beforeAll(async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'td-rolling-'));
    cluster = await startCluster({
      env: {
        DATA_DIR: join(runDir, 'data'),
        DATABASE_URL: world.database.url ?? '',
        REDIS_URL: TEST_REDIS_URL,
        SMTP_URL: world.mailbox.url,
        JWT_SECRET: `rolling-${'r'.repeat(40)}`,
        TRUST_PROXY: 'loopback',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        LOG_LEVEL: 'warn',
      },
      // Both also hold the market role: one runs it, the other takes over when it stops.
      members: { 'api-1': 'api,stream,market', 'api-2': 'api,stream,market' },
      isBuilt: true,
      logDir: join(runDir, 'logs'),
    });
  }, START_MS * 2);
  afterAll(async () => {
    await cluster?.stopAll();
  });

  it(
    'loses no request, stores every acknowledged order, and moves open streams to the other process',
    async () => {
      const running = cluster as Cluster;
      const [first, second] = running.members as [Member, Member];
      const tally = createTally();
      const rng = createRng(7);
      const balanced = createBalancedApi(() => running.members, tally, rng);
      const prices = createPriceWatch(balanced);
      await prices.start();
      await until(async () => prices.priceOf('BTC_USDT') !== undefined, 60_000, 'a BTC price');
      const users = await createUsers({
        api: balanced,
        apiMember: first,
        mailbox: world.mailbox,
        adminToken: '',
        count: USERS,
        onChain: 0,
      });

      // The balancer: each request to one live process, the next one when a connection is refused.
      const lost: string[] = [];
      const acknowledged: string[] = [];
      let answered = 0;
      // Its health checks, as a balancer's: a process whose /health is not 200 (draining, down)
      // gets no new requests while another one is healthy.
      const healthy = new Set<Member>(running.members);
      const checker = setInterval(() => {
        for (const member of running.members)
          void send(member, '/health', { ip: '127.0.0.1' }).then((outcome) => {
            if (outcome.kind === 'answer' && outcome.status === 200) healthy.add(member);
            else healthy.delete(member);
          });
      }, HEALTH_CHECK_MS);
      const inOrder = () => {
        const start = rng.int(running.members.length);
        const members = running.members.map(
          (_, i) => running.members[(start + i) % running.members.length] as Member,
        );
        return [...members.filter((m) => healthy.has(m)), ...members.filter((m) => !healthy.has(m))];
      };
      const call = async (
        path: string,
        init: { method?: string; body?: unknown; token?: string; ip: string },
      ) => {
        const deadline = Date.now() + 30_000;
        for (let attempt = 0; Date.now() < deadline; attempt++) {
          const members = inOrder();
          const outcome = await send(members[attempt % members.length] as Member, path, init);
          if (outcome.kind === 'refused') {
            if (attempt % members.length === members.length - 1) await new Promise((r) => setTimeout(r, 50));
            continue;
          }
          if (outcome.kind === 'failed') lost.push(`${init.method ?? 'GET'} ${path}: ${outcome.why}`);
          else if (outcome.status >= 500)
            lost.push(`${init.method ?? 'GET'} ${path}: ${outcome.status} ${JSON.stringify(outcome.body)}`);
          else answered += 1;
          return outcome;
        }
        lost.push(`${init.method ?? 'GET'} ${path}: no process accepted it for 30 s`);
        return undefined;
      };

      // A stream on the first process, reconnecting as the web app does when its process lets go.
      const watcher = users[0] as SimulatedUser;
      let socket: Socket | undefined;
      const events: string[] = [];
      const connectedTo: string[] = [];
      const reasons: string[] = [];
      const openStream = async (): Promise<void> => {
        for (const member of [...inOrder(), ...inOrder()]) {
          const ticket = await call('/auth/wss/signin', { token: watcher.token, ip: watcher.ip });
          const token =
            ticket?.kind === 'answer'
              ? (ticket.body as { data?: { token?: string } }).data?.token
              : undefined;
          if (!token || !member.current) continue;
          const next = io(member.url, {
            auth: { token },
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
          });
          const ok = await new Promise<boolean>((resolve) => {
            next.once('connect', () => resolve(true));
            next.once('connect_error', () => resolve(false));
          });
          if (!ok) {
            next.close();
            continue;
          }
          socket = next;
          connectedTo.push(member.name);
          next.on('order', (order: { id: string }) => events.push(order.id));
          next.on('disconnect', (reason) => {
            reasons.push(reason);
            if (reason !== 'io client disconnect') void openStream();
          });
          return;
        }
      };
      await openStream();
      expect(connectedTo).toHaveLength(1);
      // The stream's process goes first, then the other: the stream has to move twice.
      const [streamOn, other] = connectedTo[0] === first.name ? [first, second] : [second, first];

      let loadRunning = true;
      const trade = async (user: SimulatedUser, index: number) => {
        const open: string[] = [];
        for (let i = 0; loadRunning; i++) {
          const placed = await call('/orders', {
            method: 'POST',
            token: user.token,
            ip: user.ip,
            body: {
              account: 'demo',
              symbol: 'BTC_USDT',
              side: i % 2 ? 'sell' : 'buy',
              type: 'market',
              amount: '100',
              leverage: 5,
              clientOrderId: `rolling-${index}-${i}`,
            },
          });
          const id =
            placed?.kind === 'answer' && placed.status === 201
              ? (placed.body as { data: { id: string } }).data.id
              : undefined;
          if (id) {
            acknowledged.push(id);
            open.push(id);
          }
          if (open.length > 3)
            await call(`/orders/${open.shift()}/close`, { method: 'POST', token: user.token, ip: user.ip });
          await call('/orders?account=demo&limit=20', { token: user.token, ip: user.ip });
        }
      };
      const load = Promise.all(users.map(trade));

      // Each process in turn: stopped with SIGTERM (a clean exit), started again, healthy.
      for (const member of [streamOn, other]) {
        await new Promise((r) => setTimeout(r, 2_000));
        expect(await running.terminate(member)).toBe(0);
        await running.restart(member);
      }
      await new Promise((r) => setTimeout(r, 2_000));
      loadRunning = false;
      await load;
      clearInterval(checker);
      prices.stop();

      expect(lost).toEqual([]);
      expect(answered).toBeGreaterThan(100);
      // Told by each stopping process to go, the stream went to the other one each time.
      expect(reasons).toEqual(['io server disconnect', 'io server disconnect']);
      expect(connectedTo).toEqual([streamOn.name, other.name, streamOn.name]);
      // The stream, now on a restarted process, still carries the user's events.
      // A process just started holds market orders until its prices are fresh: the order asks
      // again while they are delayed, then its event is awaited on the stream.
      let placedId: string | undefined;
      const statuses: string[] = [];
      await until(
        async () => {
          const placed = await call('/orders', {
            method: 'POST',
            token: watcher.token,
            ip: watcher.ip,
            body: demoBtcBuy(5),
          });
          if (placed?.kind === 'answer' && placed.status === 201)
            placedId = (placed.body as { data: { id: string } }).data.id;
          else statuses.push(placed?.kind === 'answer' ? String(placed.status) : String(placed?.kind));
          return placedId !== undefined;
        },
        30_000,
        () => `an order the restarted process takes (refused with ${statuses.join(', ')})`,
      );
      await until(
        async () => events.includes(placedId as string),
        15_000,
        'an order event on the moved stream',
      );
      socket?.close();

      const client = new pg.Client({ connectionString: world.database.url });
      await client.connect();
      try {
        const violations = await checkMoney(drizzle(client) as unknown as Executor, {
          acknowledgedOrderIds: acknowledged,
        });
        expect(violations).toEqual([]);
      } finally {
        await client.end();
      }
    },
    START_MS * 3,
  );
});
