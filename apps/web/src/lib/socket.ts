import { ZStreamTicketData } from '@td/contracts/auth';
import { SOCKET_OPTIONS } from '@td/contracts/constants';
import {
  type TKlineInterval,
  type TLiveKlineEvent,
  type TTickerEvent,
  ZLiveKlineEvent,
  ZStreamError,
  ZTickerEvent,
} from '@td/contracts/market';
import { type TNotificationEventFull, ZNotificationEventFull } from '@td/contracts/notifications';
import {
  type TExposureLimitEvent,
  type TRiskExposureEvent,
  ZExposureLimitEvent,
  ZRiskExposureEvent,
} from '@td/contracts/risk';
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  type TBalanceEvent,
  type TMarginCallEvent,
  ZBalanceEvent,
  ZMarginCallEvent,
} from '@td/contracts/stream';
import { type TOrder, ZOrder } from '@td/contracts/trading';
import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { create } from 'zustand';
import { api } from './api-client';
import { getToken, subscribeToToken } from './session';
import { createKlineRegistry, reconnectDelayMs } from './stream-registry';

// The realtime stream ("DSS"): one Socket.IO connection per signed-in session, opened by
// the first screen that subscribes and closed on logout. Screens subscribe to live candles with
// subscribeKline(); this module counts the subscribers of each pair and interval, tells the server
// only about the first and the last, and subscribes again to all of them after every reconnect.
// The user's own events (`order`, `balance`, `notification`) arrive on the same connection, to
// subscribeUserEvents().
// Every incoming payload is parsed: types check nothing at run time.

type TStreamSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * idle: no connection wanted (signed out, or nothing subscribed yet); connecting: the first
 * connection of the session is being set up; connected; reconnecting: the connection dropped and
 * comes back by itself.
 */
export type TStreamStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';

interface TStreamState {
  status: TStreamStatus;
  isConnected: boolean;
}

export const useStreamStore = create<TStreamState>()(() => ({ status: 'idle', isConnected: false }));

function setStatus(status: TStreamStatus): void {
  useStreamStore.setState({ status, isConnected: status === 'connected' });
}

/** The connection state, re-rendering when it changes. */
export function useStreamStatus(): TStreamStatus {
  return useStreamStore((state) => state.status);
}

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
const latestTickers = new Map<string, TTickerEvent>();
const tickerListeners = new Set<() => void>();
/** Counts the tickers' changes: a snapshot of every pair at once for React. */
let tickerVersion = 0;

function dispatchKline(payload: unknown): void {
  const parsed = ZLiveKlineEvent.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed liveKline event', parsed.error.issues);
    return;
  }
  for (const handler of klines.handlersOf(parsed.data.symbol, parsed.data.interval)) handler(parsed.data);
}

function dispatchTicker(payload: unknown): void {
  const parsed = ZTickerEvent.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed ticker event', parsed.error.issues);
    return;
  }
  latestTickers.set(parsed.data.key, parsed.data);
  tickerVersion += 1;
  for (const listener of tickerListeners) listener();
}

/** Handlers of the signed-in user's own events. */
export interface TUserEventHandlers {
  onOrder?: (order: TOrder) => void;
  /** A book's new figures, after an order event of that account. */
  onBalance?: (balance: TBalanceEvent) => void;
  /** The notification centre's events (ticket replies, fills, alerts, new sign-ins). */
  onNotification?: (notification: TNotificationEventFull) => void;
  /**
   * Events may have been missed (the stream came back after a drop, or the server says it lost
   * some): read again what the events keep current.
   */
  onResync?: () => void;
  /** Account risk: the account (or one of its positions) reached its margin-call level. */
  onMarginCall?: (event: TMarginCallEvent) => void;
}

const userEventHandlers = new Set<TUserEventHandlers>();

/** Handlers of the staff channel `admin:risk` (the dealing desk's Risk screen). */
export interface TRiskHandlers {
  onExposure?: (event: TRiskExposureEvent) => void;
  onExposureLimit?: (event: TExposureLimitEvent) => void;
}

const riskHandlers = new Set<TRiskHandlers>();

function dispatchRiskExposure(payload: unknown): void {
  const parsed = ZRiskExposureEvent.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed exposure event', parsed.error.issues);
    return;
  }
  for (const handlers of riskHandlers) handlers.onExposure?.(parsed.data);
}

function dispatchExposureLimit(payload: unknown): void {
  const parsed = ZExposureLimitEvent.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed exposure limit event', parsed.error.issues);
    return;
  }
  for (const handlers of riskHandlers) handlers.onExposureLimit?.(parsed.data);
}

function dispatchOrder(payload: unknown): void {
  const parsed = ZOrder.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed order event', parsed.error.issues);
    return;
  }
  for (const handlers of userEventHandlers) handlers.onOrder?.(parsed.data);
}

function dispatchBalance(payload: unknown): void {
  const parsed = ZBalanceEvent.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed balance event', parsed.error.issues);
    return;
  }
  for (const handlers of userEventHandlers) handlers.onBalance?.(parsed.data);
}

function dispatchMarginCall(payload: unknown): void {
  const parsed = ZMarginCallEvent.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed margin call event', parsed.error.issues);
    return;
  }
  for (const handlers of userEventHandlers) handlers.onMarginCall?.(parsed.data);
}

function dispatchResync(): void {
  for (const handlers of userEventHandlers) handlers.onResync?.();
}

function dispatchNotification(payload: unknown): void {
  const parsed = ZNotificationEventFull.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed notification event', parsed.error.issues);
    return;
  }
  for (const handlers of userEventHandlers) handlers.onNotification?.(parsed.data);
}

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
    setStatus('connected');
    klines.setConnected(true);
    // The staff channel is joined again on every connection while a Risk screen is open.
    if (riskHandlers.size > 0) created.emit('watchRisk', true);
  });
  created.on('disconnect', (reason) => {
    klines.setConnected(false);
    if (reason === 'io client disconnect') return;
    setStatus('reconnecting');
    // Socket.IO reconnects by itself after a network failure, but not when the server let go.
    if (reason === 'io server disconnect') scheduleRetry(() => created.connect());
  });
  created.on('connect_error', () => {
    if (useStreamStore.getState().status === 'connected') setStatus('reconnecting');
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
  if (useStreamStore.getState().status === 'idle') setStatus('connecting');
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
  latestTickers.clear();
  tickerVersion += 1;
  for (const listener of tickerListeners) listener();
  setStatus('idle');
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

function subscribeToTickerChanges(listener: () => void): () => void {
  tickerListeners.add(listener);
  return () => tickerListeners.delete(listener);
}

/** The latest ticker of a pair key ('CRP:BTC_USDT'), while its candles are subscribed. */
export function useLiveTicker(key: string | undefined): TTickerEvent | undefined {
  return useSyncExternalStore(
    subscribeToTickerChanges,
    () => (key ? latestTickers.get(key) : undefined),
    () => undefined,
  );
}

/** The latest tickers of these pair keys (those subscribed), read again as any ticker moves. */
export function useLiveTickers(keys: readonly string[]): ReadonlyMap<string, TTickerEvent> {
  useSyncExternalStore(
    subscribeToTickerChanges,
    () => tickerVersion,
    () => 0,
  );
  const found = new Map<string, TTickerEvent>();
  for (const key of keys) {
    const ticker = latestTickers.get(key);
    if (ticker) found.set(key, ticker);
  }
  return found;
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
