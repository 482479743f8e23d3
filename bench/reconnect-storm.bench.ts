import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CATALOGUE, formatCandle, streamSymbol, toTicker } from '@td/server/bench';
import { bearer, createUser, openSessions } from '@td/server/testing';
import Fastify from 'fastify';
import { createBareIo } from './support/bare-io';
import { type ClientProcesses, drained, startClientProcesses } from './support/fanout';
import { startMarketApp } from './support/market-app';
import { type BenchReport, collectGarbage, progress, round, sleep } from './support/report';
import type { ClientReply } from './support/stream-clients';

/** A deploy or a network blip: this many clients reconnect at the same moment. */
const CLIENTS = Number(process.env.STORM_CLIENTS ?? 10_000);
/** Handshakes in flight at once from the clients' side: all of a crowd, as far as one process opens them. */
const STORM_CONCURRENCY = 1_000;
const CONNECT_TIMEOUT_MS = 20_000;
/** Ticket requests in flight at once. */
const TICKET_CONCURRENCY = 100;
const ROUNDS = Number(process.env.STORM_ROUNDS ?? 2);
const TARGET_RATIO = 2;

type Connected = Extract<ClientReply, { type: 'connected' }>;

/**
 * A reconnect storm: 10,000 clients, each with its own session, fetch a stream ticket and connect
 * at once to the product's stream, against the same crowd on a bare Socket.IO server in the same
 * run; and the 10,000 tickets against a bare route answering the same body.
 */
export async function reconnectStormBench(_seconds: number): Promise<BenchReport> {
  // A crowd this size is a deployment on PostgreSQL: the benchmark gets a database of its own there.
  const market = await startMarketApp({ isPostgres: true });
  const { t, mailbox } = market;
  const bareHttp = createServer();
  const bareIo = createBareIo(bareHttp);
  const bareTickets = Fastify({ logger: false });
  let clients: ClientProcesses | undefined;
  try {
    // The market stops before the crowd comes, the board keeping its last prices: a storm is
    // measured on its own (connect, authenticate, subscribe, the first candle), and what the
    // server then sends to every client is the fan-out benchmark's measure.
    const candles = new Map<string, unknown>();
    const tickers = new Map<string, unknown>();
    const offTicks = t.deps.board.onTick((tick) => {
      const symbol = streamSymbol(tick.pairType, tick.symbol);
      const minute = tick.candles.find((entry) => entry.interval === '1');
      if (minute)
        candles.set(symbol, {
          symbol,
          type: tick.pairType,
          interval: '1',
          candle: formatCandle(minute.candle, tick.precision),
          closed: false,
        });
      tickers.set(symbol, toTicker(tick));
    });
    const pairsCount = CATALOGUE.filter((pair) => pair.pairType === 'crp').length;
    for (let tries = 0; candles.size < pairsCount && tries < 100; tries++) await sleep(100);
    offTicks();
    await market.stopMarket();
    const productUrl = await market.listen();
    bareIo.on('connection', (socket) => {
      socket.on('liveKline', (request: { symbol: string; interval: string }) => {
        void socket.join([`kline:${request.symbol}:${request.interval}`, `ticker:${request.symbol}`]);
        // What the product answers a subscription with: the current candle and the ticker.
        socket.emit('liveKline', candles.get(request.symbol) ?? { symbol: request.symbol, candle: {} });
        socket.emit('ticker', tickers.get(request.symbol) ?? { key: request.symbol });
      });
    });
    await new Promise<void>((resolve) => bareHttp.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bareHttp.address() as AddressInfo).port}`;
    clients = await startClientProcesses(1);

    const pairs = CATALOGUE.filter((pair) => pair.pairType === 'crp').map((pair) =>
      streamSymbol(pair.pairType, pair.symbol),
    );
    const symbols = Array.from({ length: CLIENTS }, (_, i) => pairs[i % pairs.length] as string);

    progress(`one user with ${CLIENTS} signed-in sessions`);
    const user = await createUser(t.app, mailbox);
    const sessionTokens = await openSessions(t, user.id, CLIENTS);
    const sampleTicket = await t.app.inject({
      method: 'GET',
      url: '/auth/wss/signin',
      headers: bearer(user.token),
    });
    bareTickets.get('/auth/wss/signin', async (_request, reply) =>
      reply.type('application/json').send(sampleTicket.body),
    );
    await bareTickets.ready();

    /** Every session asks for a ticket, TICKET_CONCURRENCY at a time; the time it took and the tickets. */
    const issue = async (app: typeof bareTickets) => {
      const tokens: string[] = new Array(CLIENTS);
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: TICKET_CONCURRENCY }, async () => {
          for (let i = next++; i < CLIENTS; i = next++) {
            const response = await app.inject({
              method: 'GET',
              url: '/auth/wss/signin',
              headers: bearer(sessionTokens[i] as string),
            });
            if (response.statusCode !== 200) throw new Error(`ticket refused: ${response.body}`);
            tokens[i] = (response.json() as { data: { token: string } }).data.token;
          }
        }),
      );
      return { tokens, ms: performance.now() - started };
    };

    const crowd = clients;
    const storm = async (url: string, tokens: string[], server: typeof bareHttp) => {
      collectGarbage();
      const before = process.memoryUsage().heapUsed;
      crowd.send(() => ({
        type: 'connect',
        url,
        tokens,
        symbols,
        concurrency: STORM_CONCURRENCY,
        timeoutMs: CONNECT_TIMEOUT_MS,
        fresh: true,
      }));
      const [reply] = (await crowd.replies('connected', 180_000)) as Connected[];
      collectGarbage();
      const heapPerClient = (process.memoryUsage().heapUsed - before) / Math.max(1, reply?.connected ?? 1);
      crowd.send(() => ({ type: 'disconnect' }));
      await crowd.replies('disconnected', 60_000);
      await drained(server, 60_000);
      return { ...(reply as Connected), heapPerClient };
    };

    progress('warm-up: 500 clients on each server');
    const warm = await issue(t.app as unknown as typeof bareTickets);
    await storm(productUrl, warm.tokens.slice(0, 500), t.app.server);
    await storm(
      bareUrl,
      Array.from({ length: 500 }, () => 'no-ticket'),
      bareHttp,
    );

    const rounds: Array<{
      tickets: number;
      bareTickets: number;
      product: Connected & { heapPerClient: number };
      bare: Connected & { heapPerClient: number };
    }> = [];
    for (let n = 1; n <= ROUNDS; n++) {
      progress(`round ${n}/${ROUNDS}: ${CLIENTS} tickets from the product and from a bare route`);
      const bareIssued = await issue(bareTickets);
      const issued = await issue(t.app as unknown as typeof bareTickets);
      progress(`round ${n}/${ROUNDS}: ${CLIENTS} clients at once on the product`);
      const product = await storm(productUrl, issued.tokens, t.app.server);
      progress(`round ${n}/${ROUNDS}: ${CLIENTS} clients at once on bare Socket.IO`);
      const bare = await storm(
        bareUrl,
        Array.from({ length: CLIENTS }, () => 'no-ticket'),
        bareHttp,
      );
      rounds.push({ tickets: issued.ms, bareTickets: bareIssued.ms, product, bare });
    }

    const worst = <T>(pick: (r: (typeof rounds)[number]) => T) => rounds.map(pick);
    const productS = worst((r) => r.product.ms / 1000);
    const bareS = worst((r) => r.bare.ms / 1000);
    const ratios = rounds.map((r) => r.product.ms / r.bare.ms);
    const worstRatio = Math.max(...ratios);
    const lost = rounds.reduce((sum, r) => sum + r.product.failed, 0);
    const list = (values: number[], digits = 1) => values.map((v) => round(v, digits)).join(' / ');
    const errors = rounds.flatMap((r) => r.product.errors);
    return {
      title: `Reconnect storm: ${CLIENTS} clients at once`,
      target: `every client connected, within ${TARGET_RATIO}× the bare server's time`,
      met: lost === 0 && worstRatio <= TARGET_RATIO,
      columns: ['measure (each round)', 'product', 'bare', 'product ÷ bare'],
      rows: [
        [
          `${CLIENTS} tickets (GET /auth/wss/signin, ${TICKET_CONCURRENCY} at a time), s`,
          list(worst((r) => r.tickets / 1000)),
          list(worst((r) => r.bareTickets / 1000)),
          list(
            rounds.map((r) => r.tickets / r.bareTickets),
            2,
          ),
        ],
        [
          `${CLIENTS} clients connecting (${STORM_CONCURRENCY} handshakes in flight), s`,
          list(productS),
          list(bareS),
          list(ratios, 2),
        ],
        [
          'connected / refused or timed out',
          rounds.map((r) => `${r.product.connected} / ${r.product.failed}`).join(', '),
          rounds.map((r) => `${r.bare.connected} / ${r.bare.failed}`).join(', '),
          '',
        ],
        [
          'subscriptions answered with the current candle',
          rounds.map((r) => r.product.withCandle).join(' / '),
          rounds.map((r) => r.bare.withCandle).join(' / '),
          '',
        ],
        [
          'server heap per connected client, KiB',
          list(worst((r) => r.product.heapPerClient / 1024)),
          list(worst((r) => r.bare.heapPerClient / 1024)),
          '',
        ],
      ],
      notes: [
        `${ROUNDS} rounds after a warm-up of 500 clients on each server. One user with ${CLIENTS} sessions (written to PostgreSQL directly); each client holds its own session's ticket, connects over WebSocket and subscribes to one of the ${pairs.length} crypto pairs' 1-minute candles. Clients run in one child process; the product (on PostgreSQL) and the bare server share the bench process. The market engine runs until every crypto pair has a price, then stops (the board keeps the last prices), so neither server broadcasts during the storm: both answer each subscription with the current candle and the ticker, and the broadcasts to connected clients are the fan-out benchmark's measure. Tickets are fetched with Fastify's inject (no sockets), the bare route answering a ticket-shaped constant.`,
        ...(errors.length > 0 ? [`Connection errors (first few): ${errors.slice(0, 5).join('; ')}`] : []),
      ],
    };
  } finally {
    clients?.close();
    bareIo.disconnectSockets(true);
    await bareIo.close().catch(() => undefined);
    await bareTickets.close();
    await market.close();
  }
}
