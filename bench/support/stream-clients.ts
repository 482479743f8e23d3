import { io, type Socket } from 'socket.io-client';
import { wallClock } from './report';
import { keyOf } from './stream-keys';

/**
 * A child process of the stream-fanout benchmark holding many Socket.IO clients, so the server's
 * process does none of the clients' work. It obeys the parent over IPC: connect a set of clients
 * (each with its own ticket and subscription), record what arrives for a while, disconnect.
 */

export type ClientCommand =
  | {
      type: 'connect';
      url: string;
      tokens: string[];
      /** The stream symbol each client subscribes to (`liveKline`, interval 1), by index. */
      symbols: string[];
      concurrency: number;
      timeoutMs: number;
      /** The first batch of a phase: counting of dropped clients starts again. */
      fresh: boolean;
    }
  | { type: 'record'; ms: number }
  | { type: 'disconnect' };

export type ClientReply =
  | { type: 'ready' }
  | {
      type: 'connected';
      connected: number;
      /** Subscriptions answered with the current candle, and those answered by a ticker only. */
      withCandle: number;
      withTickerOnly: number;
      failed: number;
      errors: string[];
      ms: number;
    }
  | {
      type: 'recorded';
      /** Message key → arrival times (ms since the epoch, sub-millisecond). */
      arrivals: Array<[string, number[]]>;
      counts: Record<string, number>;
      dropped: number;
      dropReasons: string[];
      /** Share of one core this process used while recording, and its event loop's utilisation. */
      cpu: number;
      eventLoop: number;
    }
  | { type: 'disconnected' };

const now = wallClock();

const send = (reply: ClientReply) => process.send?.(reply);

let sockets: Socket[] = [];
let isRecording = false;
let isClosing = false;
let arrivals = new Map<string, number[]>();
let counts: Record<string, number> = {};
let dropped = 0;
let dropReasons: string[] = [];

function onMessage(event: string, payload: unknown) {
  if (!isRecording) return;
  const at = now();
  counts[event] = (counts[event] ?? 0) + 1;
  const key = keyOf(event, payload);
  if (!key) return;
  const list = arrivals.get(key);
  if (list) list.push(at);
  else arrivals.set(key, [at]);
}

/**
 * One client: connects, then subscribes. Resolves once connected (or refused); `first` resolves
 * with the first message the subscription brings: the current candle, or for a closed market
 * perhaps only a ticker.
 */
function openClient(url: string, token: string, symbol: string, timeoutMs: number) {
  return new Promise<{ socket: Socket; outcome: string; first: Promise<string> }>((resolve) => {
    const socket = io(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: timeoutMs,
    });
    const first = new Promise<string>((resolveFirst) => {
      const timer = setTimeout(() => resolveFirst('nothing'), timeoutMs);
      socket.once('liveKline', () => {
        clearTimeout(timer);
        resolveFirst('liveKline');
      });
      socket.once('ticker', () => setTimeout(() => resolveFirst('ticker'), 1_000));
    });
    socket.once('connect_error', (error) =>
      resolve({ socket, outcome: `connect_error: ${error.message}`, first }),
    );
    socket.once('connect', () => {
      socket.emit('liveKline', { symbol, interval: '1' });
      resolve({ socket, outcome: 'connected', first });
    });
    socket.onAny(onMessage);
    socket.on('disconnect', (reason) => {
      if (isClosing) return;
      dropped++;
      if (dropReasons.length < 5) dropReasons.push(reason);
    });
  });
}

async function connectAll(command: Extract<ClientCommand, { type: 'connect' }>) {
  const started = now();
  if (command.fresh) {
    isClosing = false;
    dropped = 0;
    dropReasons = [];
  }
  let connected = 0;
  const firsts: Array<Promise<string>> = [];
  const errors: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < command.tokens.length; i = next++) {
      const { socket, outcome, first } = await openClient(
        command.url,
        command.tokens[i] ?? '',
        command.symbols[i] ?? '',
        command.timeoutMs,
      );
      sockets.push(socket);
      if (outcome === 'connected') {
        connected++;
        firsts.push(first);
      } else if (errors.length < 5) errors.push(outcome);
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, worker));
  const connectMs = now() - started;
  const outcomes = await Promise.all(firsts);
  send({
    type: 'connected',
    connected,
    withCandle: outcomes.filter((o) => o === 'liveKline').length,
    withTickerOnly: outcomes.filter((o) => o === 'ticker').length,
    failed: command.tokens.length - connected,
    errors,
    ms: connectMs,
  });
}

async function record(ms: number) {
  arrivals = new Map();
  counts = {};
  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  const started = now();
  isRecording = true;
  await new Promise((resolve) => setTimeout(resolve, ms));
  isRecording = false;
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = now() - started;
  send({
    type: 'recorded',
    arrivals: [...arrivals],
    counts,
    dropped,
    dropReasons,
    cpu: (cpu.user + cpu.system) / 1000 / wallMs,
    eventLoop: performance.eventLoopUtilization(loopBefore).utilization,
  });
  arrivals = new Map();
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'connect') void connectAll(command);
  else if (command.type === 'record') void record(command.ms);
  else if (command.type === 'disconnect') {
    isClosing = true;
    for (const socket of sockets) socket.disconnect();
    sockets = [];
    send({ type: 'disconnected' });
  }
});
// The parent gone, nothing here has a reason to live.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
