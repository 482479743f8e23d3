import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createMarketEngine } from '@td/server/modules/market/market-engine';
import { MARKET_TICK_CHANNEL, type TMarketTick } from '@td/server/modules/market/market-events';
import { isMarketOpen } from '@td/server/modules/market/market-hours';
import { formatCandle, toTicker } from '@td/server/modules/market/price-board';
import { CATALOGUE, streamSymbol } from '@td/server/modules/pairs/catalogue';
import type { Bus } from '@td/server/platform/bus/bus';
import { createMemoryBus } from '@td/server/platform/bus/memory-bus';
import { bearer, createUser } from '@td/server/testing/accounts';
import { buildTestApp } from '@td/server/testing/build-test-app';
import { startTestMailbox } from '@td/server/testing/test-mailbox';
import pino from 'pino';
import { Server } from 'socket.io';
import {
  type BenchReport,
  collectGarbage,
  percentile,
  progress,
  round,
  sleep,
  trackChild,
  wallClock,
  within,
} from './report';
import type { ClientCommand, ClientReply } from './stream-clients';
import { keyOf, klineKey, tickerKey } from './stream-keys';

const CLIENTS = 2_000;
const PAIRS = 40;
/**
 * One client process: the server runs in this process, and on two cores the clients get the other
 * one. The report shows that process's CPU and event-loop use, to tell whether it kept up.
 */
const CLIENT_PROCESSES = 1;
const CONNECT_CONCURRENCY = 100;
/** Clients connect in batches, each with tickets fetched just before. */
const CONNECT_BATCH = 250;
const CONNECT_TIMEOUT_MS = 20_000;
const TICKET_CONCURRENCY = 20;
const SETTLE_MS = 2_000;
/** Clients keep recording this long after the window, so messages sent at its end still count. */
const GRACE_MS = 3_000;
const TARGET_P99_MS = 100;
const WARM_UP_CLIENTS = 200;
/** Product and baseline alternate this many times; each records seconds ÷ ROUNDS. */
const ROUNDS = 2;

const now = wallClock();

/** Times by message key: when each tick was published, or each broadcast left. */
class TimeLog {
  private readonly times = new Map<string, number[]>();
  add(key: string, at: number) {
    const list = this.times.get(key);
    if (list) list.push(at);
    else this.times.set(key, [at]);
  }
  /** The latest time logged for `key` at or before `at`: what a message arriving at `at` carried. */
  latestBefore(key: string, at: number): number | undefined {
    const list = this.times.get(key);
    if (!list) return undefined;
    let found: number | undefined;
    for (const time of list) if (time <= at && (found === undefined || time > found)) found = time;
    return found;
  }
}

interface Broadcast {
  room: string;
  event: string;
  payload: unknown;
}
interface Window {
  from: number;
  to: number;
}
interface Batch {
  offsetMs: number;
  broadcasts: Broadcast[];
}

/**
 * Watches every Socket.IO broadcast of this process (the product's flush and the baseline's) by
 * wrapping BroadcastOperator#emit (one copy of socket.io serves both): the instant a flush starts, the message's key and how many
 * sockets it goes to. Measurement only: the wrapped call is unchanged.
 */
function watchBroadcasts(io: Server) {
  type Emit = (this: unknown, event: string, ...args: unknown[]) => boolean;
  // socket.io exports BroadcastOperator as a type only; every server's operators share its prototype.
  const proto = Object.getPrototypeOf(io.local) as { emit: Emit };
  const original = proto.emit;
  let log = new TimeLog();
  let batches: Batch[] = [];
  let windowFrom = Number.POSITIVE_INFINITY;
  let windowTo = Number.NEGATIVE_INFINITY;
  let sent = 0;
  let batchStart: number | undefined;
  let batch: Batch | undefined;
  proto.emit = function watched(this: unknown, event: string, ...args: unknown[]) {
    const at = now();
    if (batchStart === undefined) {
      // A flush emits every room in one synchronous run: its start is the first emit before the
      // event loop turns.
      batchStart = at;
      batch = undefined;
      setImmediate(() => {
        batchStart = undefined;
      });
    }
    const key = keyOf(event, args[0]);
    if (key) log.add(key, batchStart);
    if (batchStart >= windowFrom && batchStart <= windowTo) {
      const operator = this as { rooms: Set<string>; adapter: { rooms: Map<string, Set<string>> } };
      for (const room of operator.rooms) {
        sent += operator.adapter.rooms.get(room)?.size ?? 0;
        if (!batch) {
          batch = { offsetMs: batchStart - windowFrom, broadcasts: [] };
          batches.push(batch);
        }
        batch.broadcasts.push({ room, event, payload: args[0] });
      }
    }
    return original.call(this, event, ...args);
  };
  return {
    /** Starts a fresh log; broadcasts in [from, from + ms] are counted and kept for a replay. */
    reset(from: number, ms: number) {
      log = new TimeLog();
      batches = [];
      sent = 0;
      windowFrom = from;
      windowTo = from + ms;
    },
    result: () => ({ log, batches, sent, window: { from: windowFrom, to: windowTo } }),
    restore() {
      proto.emit = original;
    },
  };
}

/** The client processes, driven over IPC; their answers are summed. */
async function startClientProcesses(count: number) {
  const file = fileURLToPath(new URL('./stream-clients.ts', import.meta.url));
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    children.push(
      trackChild(
        fork(file, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
      ),
    );
  }
  const replies = (type: ClientReply['type'], ms: number) =>
    within(
      Promise.all(
        children.map(
          (child) =>
            new Promise<ClientReply>((resolve, reject) => {
              const onExit = (code: number | null) => reject(new Error(`client process exited (${code})`));
              const onMessage = (reply: ClientReply) => {
                if (reply.type !== type) return;
                child.off('message', onMessage);
                child.off('exit', onExit);
                resolve(reply);
              };
              child.on('message', onMessage);
              child.once('exit', onExit);
            }),
        ),
      ),
      ms,
      `client processes: ${type}`,
    );
  await replies('ready', 30_000);
  return {
    children,
    replies,
    send(commandFor: (index: number) => ClientCommand) {
      for (const [index, child] of children.entries()) child.send(commandFor(index));
    },
    close() {
      for (const child of children) child.disconnect();
    },
  };
}
type ClientProcesses = Awaited<ReturnType<typeof startClientProcesses>>;

interface Phase {
  connected: number;
  withCandle: number;
  withTickerOnly: number;
  errors: string[];
  connectMs: number;
  ticketMs: number;
  heapPerClient: number;
  rssPerClient: number;
  arrivals: Map<string, number[]>;
  counts: Record<string, number>;
  dropped: number;
  dropReasons: string[];
  clientCpu: number;
  clientEventLoop: number;
  serverCpu: number;
  serverEventLoop: number;
}

/**
 * Connects every client to `url` (client i subscribes to `symbols[i]`), measures the server
 * process's memory before and after, records arrivals for `ms` (plus a grace period for the last
 * messages of the window), then disconnects.
 */
async function runPhase(
  clients: ClientProcesses,
  options: {
    url: string;
    server: NetServer;
    /** Tickets for clients from..to, fetched just before they connect: a ticket lives 60 s. */
    tokens: (from: number, to: number) => Promise<string[]>;
    symbols: string[];
    ms: number;
    /** Called once the memory is measured, a second before recording starts. */
    onSettled?: () => void;
    onRecordStart: (at: number) => void;
  },
): Promise<Phase> {
  const count = clients.children.length;
  const share = <T>(list: T[], index: number) => list.filter((_, i) => i % count === index);
  collectGarbage();
  const before = process.memoryUsage();
  const connected: Array<Extract<ClientReply, { type: 'connected' }>> = [];
  let ticketMs = 0;
  for (let from = 0; from < options.symbols.length; from += CONNECT_BATCH) {
    const to = Math.min(options.symbols.length, from + CONNECT_BATCH);
    const ticketsFrom = now();
    const tokens = await options.tokens(from, to);
    ticketMs += now() - ticketsFrom;
    const symbols = options.symbols.slice(from, to);
    clients.send((index) => ({
      type: 'connect',
      url: options.url,
      tokens: share(tokens, index),
      symbols: share(symbols, index),
      concurrency: CONNECT_CONCURRENCY,
      timeoutMs: CONNECT_TIMEOUT_MS,
      fresh: from === 0,
    }));
    connected.push(
      ...((await clients.replies('connected', 120_000)) as Array<
        Extract<ClientReply, { type: 'connected' }>
      >),
    );
  }
  const connectedCount = connected.reduce((sum, r) => sum + r.connected, 0);
  await sleep(SETTLE_MS);
  collectGarbage();
  const after = process.memoryUsage();
  options.onSettled?.();
  await sleep(1_000);

  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  const startedAt = now();
  options.onRecordStart(startedAt);
  clients.send(() => ({ type: 'record', ms: options.ms + GRACE_MS }));
  const recorded = (await clients.replies('recorded', options.ms + GRACE_MS + 60_000)) as Array<
    Extract<ClientReply, { type: 'recorded' }>
  >;
  const cpu = process.cpuUsage(cpuBefore);
  const serverEventLoop = performance.eventLoopUtilization(loopBefore).utilization;
  const wallMs = now() - startedAt;
  clients.send(() => ({ type: 'disconnect' }));
  await clients.replies('disconnected', 30_000);
  await drained(options.server);

  const arrivals = new Map<string, number[]>();
  const counts: Record<string, number> = {};
  for (const reply of recorded) {
    for (const [key, times] of reply.arrivals) arrivals.set(key, [...(arrivals.get(key) ?? []), ...times]);
    for (const [event, n] of Object.entries(reply.counts)) counts[event] = (counts[event] ?? 0) + n;
  }
  const perClient = (bytes: number) => (connectedCount > 0 ? bytes / connectedCount : Number.NaN);
  return {
    connected: connectedCount,
    withCandle: connected.reduce((sum, r) => sum + r.withCandle, 0),
    withTickerOnly: connected.reduce((sum, r) => sum + r.withTickerOnly, 0),
    errors: connected.flatMap((r) => r.errors),
    connectMs: connected.reduce((sum, r) => sum + r.ms, 0),
    ticketMs,
    heapPerClient: perClient(after.heapUsed - before.heapUsed),
    rssPerClient: perClient(after.rss - before.rss),
    arrivals,
    counts,
    dropped: recorded.reduce((sum, r) => sum + r.dropped, 0),
    dropReasons: recorded.flatMap((r) => r.dropReasons),
    clientCpu: Math.max(...recorded.map((r) => r.cpu)),
    clientEventLoop: Math.max(...recorded.map((r) => r.eventLoop)),
    serverCpu: (cpu.user + cpu.system) / 1000 / wallMs,
    serverEventLoop,
  };
}

/** Waits (bounded) until the server has closed every connection, so the next phase starts clean. */
async function drained(server: NetServer, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await new Promise<number>((resolve) => server.getConnections((_, count) => resolve(count)));
    if (open === 0) break;
    await sleep(100);
  }
  await sleep(500);
}

/** What the arrivals of one side add up to, over every round. */
class Tally {
  delivered = 0;
  sent = 0;
  unmatched = 0;
  tickUnmatched = 0;
  readonly fromFlush: number[] = [];
  readonly klineFromFlush: number[] = [];
  readonly fromTick: number[] = [];
  readonly waits: number[] = [];

  /**
   * Matches each arrival to the broadcast that carried it (the latest with its key before it
   * arrived); those of broadcasts inside the window count as delivered, with their latency from
   * the flush and, given the tick log, from the market tick the candle came from.
   */
  add(
    arrivals: Map<string, number[]>,
    broadcasts: { log: TimeLog; window: Window; sent: number },
    ticks?: TimeLog,
  ) {
    this.sent += broadcasts.sent;
    for (const [key, times] of arrivals) {
      for (const at of times) {
        const flushAt = broadcasts.log.latestBefore(key, at);
        if (flushAt === undefined) {
          this.unmatched++;
          continue;
        }
        if (flushAt < broadcasts.window.from || flushAt > broadcasts.window.to) continue;
        this.delivered++;
        this.fromFlush.push(at - flushAt);
        if (!key.startsWith('K|')) continue;
        this.klineFromFlush.push(at - flushAt);
        if (!ticks) continue;
        const tickAt = ticks.latestBefore(key, flushAt);
        if (tickAt === undefined) this.tickUnmatched++;
        else {
          this.fromTick.push(at - tickAt);
          this.waits.push(flushAt - tickAt);
        }
      }
    }
  }
}

const p50p99 = (values: number[]) =>
  `${round(percentile(values, 50), 1)} / ${round(percentile(values, 99), 1)}`;
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * 2,000 Socket.IO clients on the product's stream, each with its own ticket and one liveKline
 * subscription across 40 pairs: connection success, tick-to-client latency, memory per client,
 * messages delivered, dropped clients; and the same clients on a bare Socket.IO server replaying
 * the product's broadcasts at the same instants, measured in the same run.
 */
export async function streamFanoutBench(seconds: number): Promise<BenchReport> {
  const ms = seconds * 1000;
  const logger = pino({ level: 'silent' });

  // The bus the product gets, noting when each tick is published (the market's tick instant).
  let ticks = new TimeLog();
  let isLoggingTicks = false;
  const inner = createMemoryBus(logger);
  const bus: Bus = {
    ...inner,
    publish(channel, message) {
      if (isLoggingTicks && channel === MARKET_TICK_CHANNEL) {
        const at = now();
        const tick = message as TMarketTick;
        const symbol = streamSymbol(tick.pairType, tick.symbol);
        for (const [list, closed] of [
          [tick.candles, false],
          [tick.closed, true],
        ] as const) {
          for (const { interval, candle } of list) {
            if (interval !== '1') continue;
            ticks.add(
              klineKey({ symbol, interval, candle: formatCandle(candle, tick.precision), closed }),
              at,
            );
          }
        }
        ticks.add(tickerKey(toTicker(tick)), at);
      }
      return inner.publish(channel, message);
    },
  };

  const mailbox = await startTestMailbox();
  const t = await buildTestApp({ env: { LOG_LEVEL: 'silent', SMTP_URL: mailbox.url }, bus });
  const engine = createMarketEngine({ db: t.deps.db, bus: t.deps.bus, logger, marketSeed: 42 });
  const stopEngine = await engine.start();
  const bareHttp = createServer();
  const bareIo = new Server(bareHttp, {
    path: '/socket.io',
    serveClient: false,
    transports: ['websocket', 'polling'],
    maxHttpBufferSize: 16 * 1024,
    pingTimeout: 20_000,
  });
  const broadcasts = watchBroadcasts(bareIo);
  let clients: ClientProcesses | undefined;
  const replayTimers: NodeJS.Timeout[] = [];
  try {
    progress('preparing market history');
    await engine.ready();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const productUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    clients = await startClientProcesses(CLIENT_PROCESSES);

    // 40 pairs, crypto first (open every day), then forex and stocks (closed at weekends).
    const order = { crp: 0, forex: 1, stocks: 2 } as const;
    const pairs = [...CATALOGUE]
      .sort((a, b) => order[a.pairType] - order[b.pairType])
      .slice(0, PAIRS)
      .map((pair) => streamSymbol(pair.pairType, pair.symbol));
    const symbols = Array.from({ length: CLIENTS }, (_, i) => pairs[i % pairs.length] as string);
    const openPairs = CATALOGUE.filter(
      (pair) =>
        pairs.includes(streamSymbol(pair.pairType, pair.symbol)) && isMarketOpen(pair.pairType, Date.now()),
    ).length;

    // The bare server: the product's rooms and subscription message, nothing else.
    const firstCandle = new Map<string, unknown>();
    bareIo.on('connection', (socket) => {
      socket.on('liveKline', (request: { symbol: string; interval: string }) => {
        void socket.join([`kline:${request.symbol}:${request.interval}`, `ticker:${request.symbol}`]);
        socket.emit('liveKline', firstCandle.get(request.symbol) ?? { symbol: request.symbol, candle: {} });
      });
    });
    await new Promise<void>((resolve) => bareHttp.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bareHttp.address() as AddressInfo).port}`;
    // Uncounted: a few hundred clients through Socket.IO first, so the code paths both servers share
    // are compiled before either is measured.
    progress(`warm-up: ${WARM_UP_CLIENTS} clients on the bare server`);
    clients.send((index) => ({
      type: 'connect',
      url: bareUrl,
      tokens: Array.from({ length: Math.ceil(WARM_UP_CLIENTS / CLIENT_PROCESSES) }, () => 'no-ticket'),
      symbols: Array.from(
        { length: Math.ceil(WARM_UP_CLIENTS / CLIENT_PROCESSES) },
        (_, i) => pairs[(i + index) % PAIRS] as string,
      ),
      concurrency: CONNECT_CONCURRENCY,
      timeoutMs: 2_000,
      fresh: true,
    }));
    await clients.replies('connected', 60_000);
    clients.send(() => ({ type: 'disconnect' }));
    await clients.replies('disconnected', 30_000);
    await drained(bareHttp);

    progress('signing up one user; each client gets its own ticket from GET /auth/wss/signin');
    const user = await createUser(t.app, mailbox);
    const ticketsFor = async (from: number, to: number) => {
      const tokens: string[] = new Array(to - from);
      let next = 0;
      await Promise.all(
        Array.from({ length: TICKET_CONCURRENCY }, async () => {
          for (let i = next++; i < tokens.length; i = next++) {
            const response = await t.app.inject({
              method: 'GET',
              url: '/auth/wss/signin',
              headers: bearer(user.token),
            });
            if (response.statusCode !== 200) throw new Error(`ticket refused: ${response.body}`);
            tokens[i] = (response.json() as { data: { token: string } }).data.token;
          }
        }),
      );
      return tokens;
    };

    // Product and baseline take turns, so load from elsewhere on the machine falls on both alike.
    const windowMs = ms / ROUNDS;
    const productPhases: Phase[] = [];
    const baselinePhases: Phase[] = [];
    const ours = new Tally();
    const bare = new Tally();
    for (let round = 1; round <= ROUNDS; round++) {
      progress(`round ${round}/${ROUNDS}: product, ${CLIENTS} clients, recording ${windowMs / 1000} s`);
      const product = await runPhase(clients, {
        url: productUrl,
        server: t.app.server,
        tokens: ticketsFor,
        symbols,
        ms: windowMs,
        onSettled: () => {
          ticks = new TimeLog();
          isLoggingTicks = true;
        },
        onRecordStart: (at) => broadcasts.reset(at, windowMs),
      });
      isLoggingTicks = false;
      const productLog = broadcasts.result();
      ours.add(product.arrivals, productLog, ticks);
      product.arrivals.clear();
      productPhases.push(product);
      for (const batch of productLog.batches)
        for (const b of batch.broadcasts)
          if (b.event === 'liveKline') firstCandle.set((b.payload as { symbol: string }).symbol, b.payload);

      // The baseline sends the product's broadcasts of this round again, at the same offsets, so
      // the same messages per second reach the same clients.
      progress(
        `round ${round}/${ROUNDS}: bare Socket.IO, ${CLIENTS} clients, replaying ${windowMs / 1000} s`,
      );
      const baseline = await runPhase(clients, {
        url: bareUrl,
        server: bareHttp,
        tokens: async (from, to) => symbols.slice(from, to).map(() => 'no-ticket'),
        symbols,
        ms: windowMs,
        onRecordStart: (at) => {
          broadcasts.reset(at, windowMs);
          for (const batch of productLog.batches) {
            replayTimers.push(
              setTimeout(() => {
                for (const b of batch.broadcasts) bareIo.local.to(b.room).emit(b.event, b.payload);
              }, batch.offsetMs),
            );
          }
        },
      });
      bare.add(baseline.arrivals, broadcasts.result());
      baseline.arrivals.clear();
      baselinePhases.push(baseline);
    }

    const sum = (phases: Phase[], pick: (phase: Phase) => number) =>
      phases.reduce((total, phase) => total + pick(phase), 0);
    const average = (phases: Phase[], pick: (phase: Phase) => number) => mean(phases.map(pick));
    const both = (pick: (phase: Phase) => number, digits = 1) => [
      round(average(productPhases, pick), digits),
      round(average(baselinePhases, pick), digits),
    ];
    const usage = (cpu: (phase: Phase) => number, loop: (phase: Phase) => number) =>
      [productPhases, baselinePhases].map(
        (phases) => `${round(average(phases, cpu), 2)} / ${round(average(phases, loop), 2)}`,
      );
    const worstConnected = Math.min(...productPhases.map((phase) => phase.connected));
    const dropped = sum(productPhases, (phase) => phase.dropped);
    const productRate = ours.delivered / seconds;
    const baselineRate = bare.delivered / seconds;
    const tickP99 = percentile(ours.fromTick, 99);
    const pairOf = (a: number, b: number) => `${a} / ${b}`;
    const kib = (bytes: number) => round(bytes / 1024, 1);
    const errors = productPhases.flatMap((phase) => phase.errors);
    const dropReasons = productPhases.flatMap((phase) => phase.dropReasons);

    return {
      title: `Stream fan-out: ${CLIENTS} clients, ${PAIRS} pairs`,
      target: `all ${CLIENTS} connected, none dropped, tick-to-client p99 < ${TARGET_P99_MS} ms`,
      met: worstConnected === CLIENTS && dropped === 0 && tickP99 < TARGET_P99_MS,
      columns: ['measure', 'product', 'bare Socket.IO (same messages)'],
      rows: [
        [
          'clients connected (fewest in a round)',
          worstConnected,
          Math.min(...baselinePhases.map((phase) => phase.connected)),
        ],
        [
          'subscriptions answered by the current candle / by a ticker only',
          pairOf(
            round(average(productPhases, (p) => p.withCandle)),
            round(average(productPhases, (p) => p.withTickerOnly)),
          ),
          pairOf(
            round(average(baselinePhases, (p) => p.withCandle)),
            round(average(baselinePhases, (p) => p.withTickerOnly)),
          ),
        ],
        ['connecting all, s', ...both((phase) => phase.connectMs / 1000)],
        ['clients dropped while measuring', dropped, sum(baselinePhases, (phase) => phase.dropped)],
        ['messages delivered / s', round(productRate), round(baselineRate)],
        [
          'delivered ÷ sent (arrived within 3 s ÷ recipients of broadcasts)',
          round(ours.delivered / ours.sent, 3),
          round(bare.delivered / bare.sent, 3),
        ],
        ['**delivery ratio (product ÷ bare)**', round(productRate / baselineRate, 2), 1],
        ['**tick → client latency p50 / p99, ms** (liveKline)', p50p99(ours.fromTick), '—'],
        ['  of which tick → flush (coalescing wait) p50 / p99, ms', p50p99(ours.waits), '—'],
        [
          '  of which flush → client p50 / p99, ms (liveKline)',
          p50p99(ours.klineFromFlush),
          p50p99(bare.klineFromFlush),
        ],
        [
          'flush → client latency p50 / p99, ms (every message)',
          p50p99(ours.fromFlush),
          p50p99(bare.fromFlush),
        ],
        [
          'server memory per client: heap / RSS, KiB',
          pairOf(
            kib(average(productPhases, (p) => p.heapPerClient)),
            kib(average(productPhases, (p) => p.rssPerClient)),
          ),
          pairOf(
            kib(average(baselinePhases, (p) => p.heapPerClient)),
            kib(average(baselinePhases, (p) => p.rssPerClient)),
          ),
        ],
        [
          'server process CPU (share of one core) / event loop use',
          ...usage(
            (phase) => phase.serverCpu,
            (phase) => phase.serverEventLoop,
          ),
        ],
        [
          'client process CPU / event loop use',
          ...usage(
            (phase) => phase.clientCpu,
            (phase) => phase.clientEventLoop,
          ),
        ],
      ],
      notes: [
        `${ROUNDS} rounds of product then baseline, ${windowMs / 1000} s recorded each (${seconds} s per side); ${CLIENTS / PAIRS} clients per pair; ${openPairs} of the ${PAIRS} pairs had an open market (the others send a ticker every 5 s and, for interval 1, no candle). ${CLIENT_PROCESSES} client process; clients connect in batches of ${CONNECT_BATCH}, each with its own ticket from GET /auth/wss/signin (${CLIENTS} tickets took ${round((productPhases[0]?.ticketMs ?? Number.NaN) / 1000, 1)} s).`,
        `Samples: ${ours.delivered} product and ${bare.delivered} baseline messages from broadcasts inside the windows (${ours.unmatched} / ${bare.unmatched} arrivals came from broadcasts before a window); ${ours.fromTick.length} liveKline arrivals matched to their tick (${ours.tickUnmatched} not).`,
        ...(errors.length > 0 ? [`Connection errors (first few): ${errors.slice(0, 5).join('; ')}`] : []),
        ...(dropReasons.length > 0
          ? [`Drop reasons (first few): ${dropReasons.slice(0, 5).join('; ')}`]
          : []),
      ],
    };
  } finally {
    for (const timer of replayTimers) clearTimeout(timer);
    clients?.close();
    bareIo.disconnectSockets(true);
    await bareIo.close().catch(() => undefined);
    broadcasts.restore();
    await stopEngine();
    await t.close();
    await mailbox.close();
  }
}
