import { SOCKET_OPTIONS } from '@td/contracts/constants';
import type { TKlineInterval, TLiveKlineRequest } from '@td/contracts/market';

// The bookkeeping of the stream client (lib/socket.ts), kept free of Socket.IO so it can be tested
// on its own: which live candles the screens want, how many screens want each, and which
// subscribe / unsubscribe messages that means for the server, also after a reconnect.

export type TSubscriptionEvent = 'liveKline' | 'unLiveKline';

/** Sends one message to the server; only called while connected. */
export type TSubscriptionEmit = (event: TSubscriptionEvent, request: TLiveKlineRequest) => void;

export interface TKlineRegistry<THandler> {
  /**
   * Registers a handler for live candles of (symbol, interval). The first handler of a pair and
   * interval subscribes on the server (now if connected, else at the next connect); the returned
   * function removes it, and the last one to go unsubscribes. Calling it twice is harmless.
   */
  add(request: TLiveKlineRequest, handler: THandler): () => void;
  /** The handlers of an incoming event, in the order they were added. */
  handlersOf(symbol: string, interval: TKlineInterval): readonly THandler[];
  /**
   * Tells the registry the connection state. Each (re)connect subscribes again to everything the
   * screens still hold: the server forgets a socket's rooms when it drops.
   */
  setConnected(isConnected: boolean): void;
  /** Every (symbol, interval) with at least one handler. */
  requests(): TLiveKlineRequest[];
  /** How many handlers are registered in all. */
  readonly size: number;
}

const keyOf = (symbol: string, interval: string) => `${symbol}@${interval}`;

export function createKlineRegistry<THandler>(emit: TSubscriptionEmit): TKlineRegistry<THandler> {
  // Each registration is its own object, so the same function added twice is removed one at a time.
  const entries = new Map<string, { request: TLiveKlineRequest; registrations: { handler: THandler }[] }>();
  let isConnected = false;
  let size = 0;

  return {
    add(request, handler) {
      const key = keyOf(request.symbol, request.interval);
      let entry = entries.get(key);
      if (!entry) {
        entry = { request: { symbol: request.symbol, interval: request.interval }, registrations: [] };
        entries.set(key, entry);
        if (isConnected) emit('liveKline', entry.request);
      }
      const registration = { handler };
      entry.registrations.push(registration);
      size += 1;
      let isRemoved = false;
      return () => {
        if (isRemoved) return;
        isRemoved = true;
        const current = entries.get(key);
        const index = current ? current.registrations.indexOf(registration) : -1;
        if (!current || index < 0) return;
        current.registrations.splice(index, 1);
        size -= 1;
        if (current.registrations.length === 0) {
          entries.delete(key);
          if (isConnected) emit('unLiveKline', current.request);
        }
      };
    },

    handlersOf(symbol, interval) {
      return (entries.get(keyOf(symbol, interval))?.registrations ?? []).map(({ handler }) => handler);
    },

    setConnected(connected) {
      const isNewConnection = connected && !isConnected;
      isConnected = connected;
      if (!isNewConnection) return;
      for (const { request } of entries.values()) emit('liveKline', request);
    },

    requests() {
      return [...entries.values()].map(({ request }) => ({ ...request }));
    },

    get size() {
      return size;
    },
  };
}

/**
 * How long to wait before the next manual reconnect (a refused ticket, or the server closing the
 * socket on restart, which Socket.IO does not retry by itself). The same curve as Socket.IO's own
 * reconnection: from 1 s doubling up to 5 s, each delay spread by ±50 % so that a restarted server
 * is not met by every client in the same instant, and never above the 5 s ceiling.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const { reconnectionDelay, reconnectionDelayMax, randomizationFactor } = SOCKET_OPTIONS;
  const exponent = Math.min(Math.max(0, Math.trunc(attempt)), 16);
  const base = Math.min(reconnectionDelayMax, reconnectionDelay * 2 ** exponent);
  const spread = base * randomizationFactor * (2 * random() - 1);
  return Math.round(Math.min(reconnectionDelayMax, Math.max(0, base + spread)));
}
