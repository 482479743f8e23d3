import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { SOCKET_OPTIONS } from '@td/contracts/constants';
import {
  type ClientToServerEvents,
  LIVE_KLINE_THROTTLE_MS,
  type ServerToClientEvents,
  type TLiveKlineEvent,
  type TTickerEvent,
  ZLiveKlineRequest,
} from '@td/contracts/market';
import { ZNotificationEventFull } from '@td/contracts/notifications';
import type { TPairType } from '@td/contracts/statuses';
import type { TBalance } from '@td/contracts/trading';
import { ZOrder } from '@td/contracts/trading';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { Bus } from '../../platform/bus/bus';
import type { Logger } from '../../platform/logger';
import { NOTIFICATIONS_CHANNEL } from '../notifications/notifications.service';
import { USER_EVENTS_CHANNEL } from '../trading/orders.service';

const ZUserOrderEvent = z.object({
  userId: z.string(),
  book: z.enum(['demo', 'real']),
  kind: z.literal('order'),
  order: ZOrder,
});

const ZUserNotification = z.object({ userId: z.string(), event: ZNotificationEventFull });

import type { TokenService } from '../auth/tokens';
import type { KlinesService } from '../market/klines.service';
import { formatCandle, type PriceBoard, toTicker } from '../market/price-board';
import { streamSymbol } from '../pairs/catalogue';
import type { PairRow, PairsRepository } from '../pairs/pairs.repository';
import { createMemoryTicketRegistry, createRedisTicketRegistry } from './ticket-registry';

/** Rooms a socket may join at once: every pair in every interval is far below this. */
const SUBSCRIPTIONS_MAX = 200;
const PAIRS_REFRESH_MS = 60_000;
const PING_TIMEOUT_MS = SOCKET_OPTIONS.timeout;

type StreamSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { userId: string }
>;

const klineRoom = (symbol: string, interval: string) => `kline:${symbol}:${interval}`;
const tickerRoom = (symbol: string) => `ticker:${symbol}`;
export const userRoom = (userId: string) => `user:${userId}`;

/**
 * The realtime service (SPEC §5). Market data reaches every stream process through the bus, so
 * each one emits it to its own sockets only (`io.local`); updates are coalesced per room and sent
 * at most every LIVE_KLINE_THROTTLE_MS, encoded once per room.
 */
export function attachStreamServer(deps: {
  httpServer: HttpServer;
  tokens: TokenService;
  board: PriceBoard;
  pairs: PairsRepository;
  klines: KlinesService;
  logger: Logger;
  redisUrl: string | undefined;
  /** Where users' own events arrive (order changes), and how to value their book for `balance`. */
  userEvents?: { bus: Bus; balanceOf: (userId: string, book: 'demo' | 'real') => Promise<TBalance> };
}) {
  const log = deps.logger.child({ module: 'stream' });
  const io = new Server<
    ClientToServerEvents,
    ServerToClientEvents,
    Record<string, never>,
    { userId: string }
  >(deps.httpServer, {
    path: '/socket.io',
    serveClient: false,
    pingTimeout: PING_TIMEOUT_MS,
    maxHttpBufferSize: 16 * 1024,
    transports: ['websocket', 'polling'],
  });
  const redis = deps.redisUrl ? { pub: new Redis(deps.redisUrl), sub: new Redis(deps.redisUrl) } : undefined;
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub));
  const tickets = deps.redisUrl ? createRedisTicketRegistry(deps.redisUrl) : createMemoryTicketRegistry();

  // Pairs by their stream symbol (`BTC_USDT`, `forex:EUR_USD`), refreshed now and then.
  let pairsBySymbol = new Map<string, PairRow>();
  let pairsLoadedAtMs = 0;
  const findPair = async (symbol: string) => {
    if (Date.now() - pairsLoadedAtMs > PAIRS_REFRESH_MS) {
      const rows = await deps.pairs.all();
      pairsBySymbol = new Map(rows.map((row) => [streamSymbol(row.pairType, row.symbol), row]));
      pairsLoadedAtMs = Date.now();
    }
    return pairsBySymbol.get(symbol);
  };

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return next(new Error('Unauthorized'));
    deps.tokens
      .verifyStreamTicket(token)
      .then(async (ticket) => {
        if (!ticket || !(await tickets.claim(ticket.ticketId, ticket.exp * 1000)))
          return next(new Error('Unauthorized'));
        socket.data.userId = ticket.userId;
        next();
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'stream authentication failed');
        next(new Error('Unauthorized'));
      });
  });

  io.on('connection', (socket: StreamSocket) => {
    void socket.join(userRoom(socket.data.userId));

    const refuse = (event: string, message: string) => socket.emit('streamError', { event, message });

    socket.on('liveKline', (payload) => {
      const parsed = ZLiveKlineRequest.safeParse(payload);
      if (!parsed.success) return refuse('liveKline', 'Send { symbol, interval } with a known interval');
      const { symbol, interval } = parsed.data;
      if (socket.rooms.size >= SUBSCRIPTIONS_MAX) return refuse('liveKline', 'Too many subscriptions');
      findPair(symbol)
        .then(async (pair) => {
          if (!pair) return refuse('liveKline', `Unknown pair ${symbol}`);
          await socket.join([klineRoom(symbol, interval), tickerRoom(symbol)]);
          const live = deps.board.liveCandle(pair.symbol, interval);
          const candle = live
            ? formatCandle(live, pair.pricePrecision)
            : // A closed market: its last candle, however long ago it traded.
              (await deps.klines.klines(pair, { interval, from: 0, limit: 1 })).at(-1);
          if (candle)
            socket.emit('liveKline', { symbol, type: pair.pairType, interval, candle, closed: false });
          const latest = deps.board.get(pair.symbol);
          if (latest) socket.emit('ticker', toTicker(latest));
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'subscription failed');
          refuse('liveKline', 'Subscription failed, please retry');
        });
    });

    socket.on('unLiveKline', (payload) => {
      const parsed = ZLiveKlineRequest.safeParse(payload);
      if (!parsed.success) return refuse('unLiveKline', 'Send { symbol, interval } with a known interval');
      const { symbol, interval } = parsed.data;
      void socket.leave(klineRoom(symbol, interval));
      const stillWatched = [...socket.rooms].some((room) => room.startsWith(`kline:${symbol}:`));
      if (!stillWatched) void socket.leave(tickerRoom(symbol));
    });
  });

  // Coalescing: the latest candle per room and ticker per pair, flushed every throttle period.
  const pendingCandles = new Map<string, TLiveKlineEvent>();
  const closedCandles: Array<[string, TLiveKlineEvent]> = [];
  const pendingTickers = new Map<string, TTickerEvent>();
  const hasListeners = (room: string) => (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;

  // A user's order changed (in whichever process): tell their sockets, with the book's new balance.
  let offUserEvents: (() => Promise<void>) | undefined;
  let offNotifications: (() => Promise<void>) | undefined;
  if (deps.userEvents) {
    const { bus, balanceOf } = deps.userEvents;
    void bus
      .subscribe(USER_EVENTS_CHANNEL, (message) => {
        const parsed = ZUserOrderEvent.safeParse(message);
        if (!parsed.success) return;
        const { userId, book, order } = parsed.data;
        const room = userRoom(userId);
        if (!hasListeners(room)) return;
        io.local.to(room).emit('order', order);
        balanceOf(userId, book)
          .then((balance) => io.local.to(room).emit('balance', balance))
          .catch((error: unknown) => log.warn({ err: error }, 'valuing a balance failed'));
      })
      .then((off) => {
        offUserEvents = off;
      });
    void bus
      .subscribe(NOTIFICATIONS_CHANNEL, (message) => {
        const parsed = ZUserNotification.safeParse(message);
        if (!parsed.success) return;
        const room = userRoom(parsed.data.userId);
        if (hasListeners(room)) io.local.to(room).emit('notification', parsed.data.event);
      })
      .then((off) => {
        offNotifications = off;
      });
  }

  const offTick = deps.board.onTick((tick) => {
    const symbol = streamSymbol(tick.pairType as TPairType, tick.symbol);
    for (const { interval, candle } of tick.closed) {
      const room = klineRoom(symbol, interval);
      if (hasListeners(room)) {
        closedCandles.push([
          room,
          {
            symbol,
            type: tick.pairType,
            interval: interval as TLiveKlineEvent['interval'],
            candle: formatCandle(candle, tick.precision),
            closed: true,
          },
        ]);
      }
    }
    for (const { interval, candle } of tick.candles) {
      const room = klineRoom(symbol, interval);
      if (!hasListeners(room)) continue;
      pendingCandles.set(room, {
        symbol,
        type: tick.pairType,
        interval: interval as TLiveKlineEvent['interval'],
        candle: formatCandle(candle, tick.precision),
        closed: false,
      });
    }
    if (hasListeners(tickerRoom(symbol))) pendingTickers.set(tickerRoom(symbol), toTicker(tick));
    if (pendingCandles.size > 0 || pendingTickers.size > 0 || closedCandles.length > 0) scheduleFlush();
  });

  // A flush runs right after the ticks that made updates (not on a timer of its own, whose phase
  // against the market's would add up to a whole period of delay), and sends each room at most
  // once per throttle period; a room that sent recently waits, keeping only its latest update.
  const lastSentMs = new Map<string, number>();
  let flushScheduled: NodeJS.Immediate | NodeJS.Timeout | undefined;
  let isClosed = false;
  const canSend = (room: string, nowMs: number) =>
    nowMs - (lastSentMs.get(room) ?? 0) >= LIVE_KLINE_THROTTLE_MS;
  const flush = () => {
    flushScheduled = undefined;
    if (isClosed) return;
    const nowMs = Date.now();
    for (const [room, event] of closedCandles.splice(0)) io.local.to(room).emit('liveKline', event);
    let nextDueMs = Number.POSITIVE_INFINITY;
    for (const pending of [pendingCandles, pendingTickers] as const) {
      for (const [room, event] of pending) {
        if (!canSend(room, nowMs)) {
          nextDueMs = Math.min(nextDueMs, (lastSentMs.get(room) ?? 0) + LIVE_KLINE_THROTTLE_MS);
          continue;
        }
        io.local.to(room).emit(pending === pendingTickers ? 'ticker' : 'liveKline', event as never);
        lastSentMs.set(room, nowMs);
        pending.delete(room);
      }
    }
    if (lastSentMs.size > 100_000) lastSentMs.clear();
    if (Number.isFinite(nextDueMs)) flushScheduled = setTimeout(flush, Math.max(1, nextDueMs - nowMs));
  };
  const scheduleFlush = () => {
    flushScheduled ??= setImmediate(flush);
  };

  return {
    io,
    /** Disconnects every client and stops the engine; the HTTP server belongs to its owner. */
    async close() {
      isClosed = true;
      if (flushScheduled) {
        clearTimeout(flushScheduled as NodeJS.Timeout);
        clearImmediate(flushScheduled as NodeJS.Immediate);
      }
      offTick();
      await offUserEvents?.();
      await offNotifications?.();
      io.disconnectSockets(true);
      io.engine.close();
      await tickets.close();
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}
