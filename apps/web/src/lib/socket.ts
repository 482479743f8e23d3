import { ZStreamTicketData } from '@td/contracts/auth';
import { SOCKET_OPTIONS } from '@td/contracts/constants';
import {
  type TKlineInterval,
  type TLiveKlineEvent,
  ZLiveKlineEvent,
  ZStreamError,
} from '@td/contracts/market';
import type { ClientToServerEvents, ServerToClientEvents } from '@td/contracts/stream';
import { io, type Socket } from 'socket.io-client';
import { api } from './api-client';
import { clearTickers, dispatchTicker } from './live-tickers';
import { getToken, subscribeToToken } from './session';
import {
  dispatchBalance,
  dispatchExposureLimit,
  dispatchMarginCall,
  dispatchNotification,
  dispatchOrder,
  dispatchResync,
  dispatchRiskExposure,
  onParsedEvent,
  riskHandlers,
  type TRiskHandlers,
  type TUserEventHandlers,
  userEventHandlers,
} from './stream-events';
import { createKlineRegistry, reconnectDelayMs } from './stream-registry';
import { setStreamStatus, useStreamStore } from './stream-status';

// The realtime stream ("DSS"): one Socket.IO connection per signed-in session, opened by
// the first screen that subscribes and closed on logout. Screens subscribe to live candles with
// subscribeKline(); this module counts the subscribers of each pair and interval, tells the server
// only about the first and the last, and subscribes again to all of them after every reconnect.
// The user's own events (`order`, `balance`, `notification`) arrive on the same connection, to
// subscribeUserEvents() (stream-events.ts parses them); the pairs' tickers are kept in
// live-tickers.ts and the connection's state in stream-status.ts.
// Every incoming payload is parsed: types check nothing at run time.

type TStreamSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * GET /auth/wss/signin → where the stream is and a single-use ticket (valid 60 s) to connect
 * with. Silent: the stream retries on its own and the chart says it is connecting.
 */
export async function fetchStreamTicket() {
  const { data } = await api.get('/auth/wss/signin', { schema: ZStreamTicketData, silent: true });
  return data;
}

export type TKlineHandler = (event: TLiveKlineEvent) => void;

let socket: TStreamSocket | null = null;
/** The session token the socket was opened for: another sign-in gets another socket. */
let socketSessionToken: string | null = null;
/** Bumped by every disconnectStream(), so a connect still waiting for its ticket gives up. */
let generation = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryAttempt = 0;
/** A ticket for the first connection is on its way. */
let isOpening = false;

const klines = createKlineRegistry<TKlineHandler>((event, request) => {
  socket?.emit(event, request);
});

const dispatchKline = onParsedEvent(ZLiveKlineEvent, 'liveKline', (event) => {
  for (const handler of klines.handlersOf(event.symbol, event.interval)) handler(event);
});

function onStreamError(payload: unknown): void {
  // A refused request (an unknown pair, too many subscriptions), never a disconnect: nothing the
  // user can act on, so it is logged for whoever reads the console.
  const parsed = ZStreamError.safeParse(payload);
  console.warn('The stream refused a request', parsed.success ? parsed.data : payload);
}

function clearRetry(): void {
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = undefined;
}

/**
 * Tries again later when Socket.IO will not: the server refused the handshake (a ticket that was
 * late or already used) or closed the socket itself (a restart). A new ticket is fetched each time.
 */
function scheduleRetry(retry: () => void): void {
  clearRetry();
  const delayMs = reconnectDelayMs(retryAttempt);
  retryAttempt += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (getToken()) retry();
  }, delayMs);
}

function openSocket(server: string, firstTicket: string): TStreamSocket {
  let unusedTicket: string | null = firstTicket;
  const url = new URL(server || '/', window.location.href).origin;
  const created: TStreamSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    autoConnect: false,
    ...SOCKET_OPTIONS,
    // A ticket works once, so every (re)connect attempt asks for a fresh one; the first attempt
    // uses the ticket fetched to learn the server's address.
    auth: (send) => {
      const ticket = unusedTicket;
      unusedTicket = null;
      if (ticket) {
        send({ token: ticket });
        return;
      }
      fetchStreamTicket().then(
        (data) => send({ token: data.token }),
        // No ticket: the server refuses the empty one and connect_error schedules the next try.
        () => send({ token: '' }),
      );
    },
  });

  let hasConnected = false;
  created.on('connect', () => {
    // Events sent while this tab was away are gone: a reconnect reads again what they change.
    if (hasConnected) dispatchResync();
    hasConnected = true;
    retryAttempt = 0;
    clearRetry();
    setStreamStatus('connected');
    klines.setConnected(true);
    // The staff channel is joined again on every connection while a Risk screen is open.
    if (riskHandlers.size > 0) created.emit('watchRisk', true);
  });
  created.on('disconnect', (reason) => {
    klines.setConnected(false);
    if (reason === 'io client disconnect') return;
    setStreamStatus('reconnecting');
    // Socket.IO reconnects by itself after a network failure, but not when the server let go.
    if (reason === 'io server disconnect') scheduleRetry(() => created.connect());
  });
  created.on('connect_error', () => {
    if (useStreamStore.getState().status === 'connected') setStreamStatus('reconnecting');
    // `active` is false when the server refused the handshake: Socket.IO leaves the retry to us.
    if (!created.active) scheduleRetry(() => created.connect());
  });
  created.on('liveKline', dispatchKline);
  created.on('ticker', dispatchTicker);
  created.on('streamError', onStreamError);
  created.on('order', dispatchOrder);
  created.on('balance', dispatchBalance);
  created.on('notification', dispatchNotification);
  created.on('marginCall', dispatchMarginCall);
  created.on('resync', dispatchResync);
  created.on('riskExposure', dispatchRiskExposure);
  created.on('exposureLimit', dispatchExposureLimit);
  created.connect();
  return created;
}

/**
 * Opens the stream for the signed-in session unless it is open or opening. Called by the first
 * subscription; safe to call any number of times.
 */
export function connectStream(): void {
  const token = getToken();
  if (!token || socket || isOpening) return;
  const startedIn = generation;
  isOpening = true;
  socketSessionToken = token;
  if (useStreamStore.getState().status === 'idle') setStreamStatus('connecting');
  fetchStreamTicket().then(
    (ticket) => {
      if (startedIn !== generation) return;
      isOpening = false;
      socket = openSocket(ticket.payload.server, ticket.token);
    },
    () => {
      if (startedIn !== generation) return;
      isOpening = false;
      // The screens keep saying 'connecting'; the next attempt follows after the back-off delay.
      scheduleRetry(connectStream);
    },
  );
}

/**
 * Closes the stream (logout, or another account signing in). Subscriptions stay registered: the
 * screens that hold them unmount on their own, and whatever is still held is subscribed again if
 * the stream is opened anew.
 */
export function disconnectStream(): void {
  generation += 1;
  isOpening = false;
  clearRetry();
  retryAttempt = 0;
  klines.setConnected(false);
  const closing = socket;
  socket = null;
  socketSessionToken = null;
  if (closing) {
    closing.removeAllListeners();
    closing.disconnect();
  }
  clearTickers();
  setStreamStatus('idle');
}

/**
 * Live candles of one pair and interval: `symbol` as the stream names it (streamSymbol():
 * 'BTC_USDT', 'forex:EUR_USD'). Opens the stream if needed. Returns the unsubscribe function.
 */
export function subscribeKline(symbol: string, interval: TKlineInterval, handler: TKlineHandler): () => void {
  const unsubscribe = klines.add({ symbol, interval }, handler);
  connectStream();
  return unsubscribe;
}

/** Listens for the user's order and balance events. Opens the stream if needed. */
export function subscribeUserEvents(handlers: TUserEventHandlers): () => void {
  userEventHandlers.add(handlers);
  connectStream();
  return () => {
    userEventHandlers.delete(handlers);
  };
}

/**
 * Watches the staff channel `admin:risk` (exposure every few seconds, exposure-limit alerts).
 * Opens the stream if needed; the channel is left when the last watcher goes.
 */
export function subscribeRisk(handlers: TRiskHandlers): () => void {
  riskHandlers.add(handlers);
  connectStream();
  if (socket?.connected) socket.emit('watchRisk', true);
  return () => {
    riskHandlers.delete(handlers);
    if (riskHandlers.size === 0 && socket?.connected) socket.emit('watchRisk', false);
  };
}

// Logout in this tab or another (the token cleared), or another account signing in: the socket
// belongs to the old session and must not outlive it.
subscribeToToken(() => {
  const token = getToken();
  if (token === socketSessionToken) return;
  const isOpen = socket !== null || useStreamStore.getState().status !== 'idle';
  if (!isOpen) return;
  disconnectStream();
  if (token && (klines.size > 0 || userEventHandlers.size > 0)) connectStream();
});
