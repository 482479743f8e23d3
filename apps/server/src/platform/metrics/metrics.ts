import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the process reports about itself beyond HTTP: read when Prometheus scrapes. */
export interface MetricsSources {
  /** Each role of the process: 1 while it runs here, 0 on standby. */
  roles: () => Partial<Record<string, 'active' | 'standby'>>;
  isDraining: () => boolean;
  /** The database pool's use (PostgreSQL only). */
  poolUse?: (() => { total: number; idle: number; waiting: number }) | undefined;
  /** Sockets connected to this process's stream. */
  streamClients?: (() => number) | undefined;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** A price source as `/health` reports it. */
export interface FeedReading {
  feed: string;
  pairs: number;
  lastMessageAgeMs: number | null;
}

/**
 * The process's metrics in Prometheus' format (prom-client): the runtime's own (event-loop delay,
 * memory, CPU, handles), every HTTP answer by route pattern, method and status with its latency,
 * the orders answered by outcome, triggers executed, stream messages sent, bus lag, database
 * connection hold times, and the state read at scrape time (roles, draining, database pool,
 * stream clients, price sources). Every name starts with `td_`.
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'td_' });
  // Gauges named `_total` read as counters to Prometheus' tools (promtool refuses them); the same
  // counts stay in the gauges by type (`td_nodejs_active_handles{type}`: sum them).
  for (const name of ['handles', 'requests', 'resources']) {
    registry.removeSingleMetric(`td_nodejs_active_${name}_total`);
  }
  const http = new Histogram({
    name: 'td_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const orders = new Counter({
    name: 'td_orders_total',
    help: 'Orders answered by the API, by account and by the status they were answered with',
    labelNames: ['account', 'status'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'td_role_active',
    help: 'Each role of this process: 1 while it runs here, 0 while it waits on standby',
    labelNames: ['role'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [role, state] of Object.entries(sources.roles())) {
        if (state) this.set({ role }, state === 'active' ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'td_draining',
    help: '1 while the process is stopping and turns new work away',
    registers: [registry],
    collect() {
      this.set(sources.isDraining() ? 1 : 0);
    },
  });
  const triggers = new Counter({
    name: 'td_trigger_executions_total',
    help: 'Triggers the market role executed, by action: limit and stop fills, stop-limit triggers, expiries, take-profits, fixed and trailing stop-losses, liquidations, cross stop-out closes',
    labelNames: ['action'] as const,
    registers: [registry],
  });
  const streamMessages = new Counter({
    name: 'td_stream_messages_total',
    help: 'Messages the stream sent to its sockets, by event (one per recipient)',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  const busLag = new Histogram({
    name: 'td_bus_lag_seconds',
    help: 'From publish to receipt of each bus message this process received, by channel',
    labelNames: ['channel'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const dbHeld = new Histogram({
    name: 'td_db_checkout_duration_seconds',
    help: 'How long each pooled database connection was held: one statement, or one transaction (PostgreSQL)',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const ticks = new Counter({
    name: 'td_market_ticks_total',
    help: 'Price ticks this process received, by pair type',
    labelNames: ['pair_type'] as const,
    registers: [registry],
  });
  let readFeeds: (() => Promise<readonly FeedReading[]>) | undefined;
  new Gauge({
    name: 'td_feed_price_age_seconds',
    help: "How old each price source's newest price is, on an open market (none before the first)",
    labelNames: ['feed'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const feed of (await readFeeds?.()) ?? []) {
        if (feed.lastMessageAgeMs !== null) this.set({ feed: feed.feed }, feed.lastMessageAgeMs / 1000);
      }
    },
  });
  new Gauge({
    name: 'td_feed_pairs',
    help: 'The pairs each price source prices on this process',
    labelNames: ['feed'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const feed of (await readFeeds?.()) ?? []) this.set({ feed: feed.feed }, feed.pairs);
    },
  });
  let readFailedWithdrawals: (() => Promise<number>) | undefined;
  new Gauge({
    name: 'td_withdrawals_failed',
    help: 'Withdrawals that failed (refused broadcast, hot wallet short, dropped) in the last 24 hours',
    registers: [registry],
    async collect() {
      this.set((await readFailedWithdrawals?.()) ?? 0);
    },
  });
  const { poolUse } = sources;
  let streamClients = sources.streamClients;
  if (poolUse) {
    new Gauge({
      name: 'td_db_pool_connections',
      help: 'Database pool connections: in total, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }
  new Gauge({
    name: 'td_stream_clients',
    help: 'Sockets connected to the stream on this process (0 without the stream role)',
    registers: [registry],
    collect() {
      this.set(streamClients?.() ?? 0);
    },
  });
  return {
    registry,
    http,
    orders,
    ticks,
    triggers,
    streamMessages,
    busLag,
    dbHeld,
    /** Where the price sources' state is read (as `/health` reports it). */
    watchFeeds(read: () => Promise<readonly FeedReading[]>) {
      readFeeds = read;
    },
    /** Where the count of failed withdrawals is read. */
    watchFailedWithdrawals(read: () => Promise<number>) {
      readFailedWithdrawals = read;
    },
    /** Where the stream's client count is read, once the stream is attached. */
    countStreamClients(count: () => number) {
      streamClients = count;
    },
  };
}

/** Times every answer of `app` into the HTTP histogram, by the route's pattern (never its values). */
export function recordHttp(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.http.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
export function isMetricsToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A listener of its own answering `GET /metrics` only (and 404 to anything else); with `token`,
 * only to `Authorization: Bearer <token>` (401 otherwise).
 */
export async function serveMetrics(
  metrics: Metrics,
  port: number,
  host: string,
  token?: string | undefined,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (token !== undefined && !isMetricsToken(request.headers.authorization, token)) {
      response.writeHead(401, { 'content-type': 'text/plain' }).end('The metrics need their token\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
