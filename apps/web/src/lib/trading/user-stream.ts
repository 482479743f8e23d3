import { SOCKET_OPTIONS } from '@td/contracts/constants';
import type { ClientToServerEvents, ServerToClientEvents } from '@td/contracts/market';
import { type TNotificationEventFull, ZNotificationEventFull } from '@td/contracts/notifications';
import { type TBalance, type TOrder, ZBalance, ZOrder } from '@td/contracts/trading';
import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getToken, subscribeToToken } from '../session';
import { fetchStreamTicket } from '../socket';
import { reconnectDelayMs } from '../stream-registry';

// The user's own stream events (SPEC §5): `order` whenever one of their orders changes and
// `balance` after it, and `notification` for the notification centre. lib/socket.ts owns the
// market stream but keeps its socket private and does
// not listen for these, and it belongs to others; so this module holds a second, small connection
// for them, opened while a trading screen is mounted (reference-counted) and closed with the
// session. Every payload is parsed. When socket.ts one day exposes `onStreamEvent(event, handler)`,
// this module shrinks to a subscription on that socket.

type TUserSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TUserEventHandlers {
  onOrder?: (order: TOrder) => void;
  onBalance?: (balance: TBalance) => void;
  /** The notification centre's events (ticket replies, fills, alerts, new sign-ins). */
  onNotification?: (notification: TNotificationEventFull) => void;
}

let socket: TUserSocket | null = null;
let sessionToken: string | null = null;
let isConnected = false;
let isOpening = false;
let generation = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryAttempt = 0;
let lingerTimer: ReturnType<typeof setTimeout> | undefined;
/**
 * How long the connection outlives its last listener: moving between the trading tabs unmounts one
 * screen before the next mounts, and should not cost a reconnect with a fresh ticket.
 */
const CLOSE_LINGER_MS = 5000;
const subscribers = new Set<TUserEventHandlers>();
const statusListeners = new Set<() => void>();

function setConnected(next: boolean): void {
  if (isConnected === next) return;
  isConnected = next;
  for (const listener of statusListeners) listener();
}

function dispatchOrder(payload: unknown): void {
  const parsed = ZOrder.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed order event', parsed.error.issues);
    return;
  }
  for (const handlers of subscribers) handlers.onOrder?.(parsed.data);
}

function dispatchBalance(payload: unknown): void {
  const parsed = ZBalance.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed balance event', parsed.error.issues);
    return;
  }
  for (const handlers of subscribers) handlers.onBalance?.(parsed.data);
}

function dispatchNotification(payload: unknown): void {
  const parsed = ZNotificationEventFull.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed notification event', parsed.error.issues);
    return;
  }
  for (const handlers of subscribers) handlers.onNotification?.(parsed.data);
}

function scheduleRetry(retry: () => void): void {
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  const delayMs = reconnectDelayMs(retryAttempt);
  retryAttempt += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (getToken() && subscribers.size > 0) retry();
  }, delayMs);
}

function openSocket(server: string, firstTicket: string): TUserSocket {
  let unusedTicket: string | null = firstTicket;
  const created: TUserSocket = io(new URL(server || '/', window.location.href).origin, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    autoConnect: false,
    // Its own connection: never multiplexed into the market stream's.
    forceNew: true,
    ...SOCKET_OPTIONS,
    // A ticket works once: every reconnect fetches a fresh one.
    auth: (send) => {
      const ticket = unusedTicket;
      unusedTicket = null;
      if (ticket) {
        send({ token: ticket });
        return;
      }
      fetchStreamTicket().then(
        (data) => send({ token: data.token }),
        () => send({ token: '' }),
      );
    },
  });
  created.on('connect', () => {
    retryAttempt = 0;
    setConnected(true);
  });
  created.on('disconnect', (reason) => {
    setConnected(false);
    if (reason === 'io server disconnect') scheduleRetry(() => created.connect());
  });
  created.on('connect_error', () => {
    setConnected(false);
    if (!created.active) scheduleRetry(() => created.connect());
  });
  created.on('order', dispatchOrder);
  created.on('balance', dispatchBalance);
  created.on('notification', dispatchNotification);
  created.connect();
  return created;
}

function open(): void {
  const token = getToken();
  if (!token || socket || isOpening) return;
  const startedIn = generation;
  isOpening = true;
  sessionToken = token;
  fetchStreamTicket().then(
    (ticket) => {
      if (startedIn !== generation) return;
      isOpening = false;
      socket = openSocket(ticket.payload.server, ticket.token);
    },
    () => {
      if (startedIn !== generation) return;
      isOpening = false;
      scheduleRetry(open);
    },
  );
}

function close(): void {
  generation += 1;
  isOpening = false;
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = undefined;
  retryAttempt = 0;
  const closing = socket;
  socket = null;
  sessionToken = null;
  if (closing) {
    closing.removeAllListeners();
    closing.disconnect();
  }
  setConnected(false);
}

/** Listens for the user's order and balance events; opens the connection for the first listener. */
export function subscribeUserEvents(handlers: TUserEventHandlers): () => void {
  if (lingerTimer !== undefined) clearTimeout(lingerTimer);
  lingerTimer = undefined;
  subscribers.add(handlers);
  open();
  let isSubscribed = true;
  return () => {
    if (!isSubscribed) return;
    isSubscribed = false;
    subscribers.delete(handlers);
    if (subscribers.size > 0) return;
    lingerTimer = setTimeout(() => {
      lingerTimer = undefined;
      if (subscribers.size === 0) close();
    }, CLOSE_LINGER_MS);
  };
}

function subscribeToStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Whether the user's events arrive live (else the screens poll). */
export function useUserStreamConnected(): boolean {
  return useSyncExternalStore(
    subscribeToStatus,
    () => isConnected,
    () => false,
  );
}

// Logout, or another account signing in: the connection belongs to the old session.
subscribeToToken(() => {
  const token = getToken();
  if (token === sessionToken) return;
  if (socket === null && !isOpening) return;
  close();
  if (token && subscribers.size > 0) open();
});
