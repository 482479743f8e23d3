import { type ChildProcess, fork } from 'node:child_process';
import type { Server as NetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Server } from 'socket.io';
import { collectGarbage, percentile, round, sleep, trackChild, wallClock, within } from './report';
import type { ClientCommand, ClientReply } from './stream-clients';
import { keyOf } from './stream-keys';

/**
 * The stream fan-out benchmark's machinery: the clients' child processes, the timing of each
 * broadcast, the phases of a round and the tally of what the clients received.
 */
export const CLIENTS = 2_000;
export const PAIRS = 40;
/**
 * One client process: the server runs in this process, and on two cores the clients get the other
 * one. The report shows that process's CPU and event-loop use, to tell whether it kept up.
 */
export const CLIENT_PROCESSES = 1;
export const CONNECT_CONCURRENCY = 100;
/** Clients connect in batches, each with tickets fetched just before. */
export const CONNECT_BATCH = 250;
export const CONNECT_TIMEOUT_MS = 20_000;
export const TICKET_CONCURRENCY = 20;
export const SETTLE_MS = 2_000;
/** Clients keep recording this long after the window, so messages sent at its end still count. */
export const GRACE_MS = 3_000;
export const TARGET_P99_MS = 100;
export const WARM_UP_CLIENTS = 200;
/** Product and baseline alternate this many times; each records seconds ÷ ROUNDS. */
export const ROUNDS = 2;

export const now = wallClock();

/** Times by message key: when each tick was published, or each broadcast left. */
export class TimeLog {
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

export interface Broadcast {
  room: string;
  event: string;
  payload: unknown;
}
export interface Window {
  from: number;
  to: number;
}
export interface Batch {
  offsetMs: number;
  broadcasts: Broadcast[];
}

/**
 * Watches every Socket.IO broadcast of this process (the product's flush and the baseline's) by
 * wrapping BroadcastOperator#emit (one copy of socket.io serves both): the instant a flush starts, the message's key and how many
 * sockets it goes to. Measurement only: the wrapped call is unchanged.
 */
export function watchBroadcasts(io: Server) {
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
export async function startClientProcesses(count: number) {
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
export type ClientProcesses = Awaited<ReturnType<typeof startClientProcesses>>;

export interface Phase {
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
export async function runPhase(
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
export async function drained(server: NetServer, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await new Promise<number>((resolve) => server.getConnections((_, count) => resolve(count)));
    if (open === 0) break;
    await sleep(100);
  }
  await sleep(500);
}

/** What the arrivals of one side add up to, over every round. */
export class Tally {
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

export const p50p99 = (values: number[]) =>
  `${round(percentile(values, 50), 1)} / ${round(percentile(values, 99), 1)}`;
export const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
