import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../../testing/migrated-data-dir';
import { killServers, type ServerProcess, spawnServer } from '../../testing/spawn-server';

const STARTUP_MS = 90_000;
const SLOW_HEADERS = 200;
const SLOW_BODIES = 40;
const TRICKLE_MS = 500;
/** New connections opened at once, each with a whole request, and idle ones that send nothing. */
const FLOOD_REQUESTS = 1_000;
const FLOOD_IDLE = 500;
/** Far above an answer's normal time here, far below the server's own timeouts. */
const ANSWER_LIMIT_MS = 5_000;

/**
 * Clients that hold connections open without finishing a request (headers a line at a time, a
 * body a byte at a time), and bodies far over the limit, must not take the server from everyone
 * else: other users keep getting their answers meanwhile, and the oversized body is refused at once.
 */
describe('the server under abusive clients', () => {
  let server: ServerProcess;
  const sockets: Socket[] = [];
  const timers: NodeJS.Timeout[] = [];

  beforeAll(async () => {
    server = await spawnServer({ LOG_LEVEL: 'warn', DATA_DIR: await migratedDataDir() });
    await server.waitUntilHealthy(STARTUP_MS);
  }, STARTUP_MS);
  afterAll(async () => {
    for (const timer of timers) clearInterval(timer);
    for (const socket of sockets) socket.destroy();
    await killServers([server]);
  });

  /** A connection that starts a request and sends one more piece of it every TRICKLE_MS. */
  const trickle = (head: string, piece: string) =>
    new Promise<void>((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write(head);
        timers.push(setInterval(() => socket.writable && socket.write(piece), TRICKLE_MS));
        resolve();
      });
      socket.on('error', () => undefined);
      sockets.push(socket);
    });

  /**
   * The server's whole answer to a request head alone, read from the socket. A body over the
   * limit is refused from its declared length, before any of it is sent: a client that sent the
   * body anyway could see its connection reset (the server closing with the body unread) before
   * it reads the answer.
   */
  const answerToHead = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      sockets.push(socket);
      let received = Buffer.alloc(0);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no whole answer within ${ANSWER_LIMIT_MS} ms: ${received.toString('utf8')}`));
      }, ANSWER_LIMIT_MS);
      socket.on('error', () => undefined);
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        const text = received.toString('utf8');
        const headEnd = text.indexOf('\r\n\r\n');
        const length = /\r\ncontent-length: *(\d+)/i.exec(text);
        if (headEnd < 0 || !length || received.length < headEnd + 4 + Number(length[1])) return;
        clearTimeout(timer);
        socket.destroy();
        resolve(text);
      });
      socket.write(head);
    });

  it(
    'keeps answering other users while slow clients hold connections, and refuses oversized bodies at once',
    async () => {
      await Promise.all([
        ...Array.from({ length: SLOW_HEADERS }, (_, i) =>
          trickle(`GET /public/prices HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow-${i}: 1\r\n`, 'X-More: 1\r\n'),
        ),
        ...Array.from({ length: SLOW_BODIES }, () =>
          trickle(
            'POST /auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 900000\r\n\r\n{"email":"',
            'a',
          ),
        ),
      ]);

      const oversized = await answerToHead(
        `POST /auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${3 * 1024 * 1024}\r\n\r\n`,
      );
      expect(oversized).toMatch(/^HTTP\/1\.1 413 /);
      expect(oversized).toContain('"code":"PAYLOAD_TOO_LARGE"');

      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const response = await fetch(`${server.url}${i % 2 ? '/health' : '/public/prices'}`, {
          signal: AbortSignal.timeout(ANSWER_LIMIT_MS),
        });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.info(
        `abusive clients: ${SLOW_HEADERS} slow headers and ${SLOW_BODIES} slow bodies held; other users answered in p50 ${times[10]?.toFixed(0)} ms, max ${times[19]?.toFixed(0)} ms`,
      );
      // The slow ones are still held, not answered: they are what was being survived.
      expect(sockets.filter((socket) => !socket.destroyed).length).toBeGreaterThan(SLOW_HEADERS / 2);
    },
    STARTUP_MS,
  );

  it(
    'keeps answering other users through a flood of new connections, and answers the flood too',
    async () => {
      /** One connection, one request, read to its end: the status, or 0 when the connection failed. */
      const oneShot = () =>
        new Promise<number>((resolve) => {
          let head = '';
          const socket = connect(server.port, '127.0.0.1', () =>
            socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
          );
          socket.setEncoding('utf8');
          socket.on('data', (chunk: string) => {
            head += chunk;
          });
          socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)));
          socket.on('error', () => undefined);
          sockets.push(socket);
        });
      const idle = Array.from(
        { length: FLOOD_IDLE },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(server.port, '127.0.0.1', () => resolve());
            socket.on('error', () => resolve());
            sockets.push(socket);
          }),
      );
      const flood = Array.from({ length: FLOOD_REQUESTS }, oneShot);

      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const response = await fetch(`${server.url}/public/prices`, {
          signal: AbortSignal.timeout(ANSWER_LIMIT_MS),
        });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      const statuses = await Promise.all(flood);
      await Promise.all(idle);
      times.sort((a, b) => a - b);
      const answered = statuses.filter((status) => status === 200).length;
      console.info(
        `connection flood: ${FLOOD_REQUESTS} new connections with a request and ${FLOOD_IDLE} idle ones at once; ${answered} of the requests answered 200; other users answered in p50 ${times[10]?.toFixed(0)} ms, max ${times[19]?.toFixed(0)} ms`,
      );
      // Every request of the flood got its answer: none dropped, none failed.
      expect(answered).toBe(FLOOD_REQUESTS);
    },
    STARTUP_MS,
  );
});
