import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { SOCKET_OPTIONS } from '@td/contracts/constants';
import {
  LIVE_KLINE_THROTTLE_MS,
  type TLiveKlineEvent,
  type TTickerEvent,
  ZLiveKlineRequest,
} from '@td/contracts/market';
import type { TRiskExposureEvent } from '@td/contracts/risk';
import { mayDo } from '@td/contracts/staff';
import type { TPairType, TRole } from '@td/contracts/statuses';
import type { ClientToServerEvents, ServerToClientEvents } from '@td/contracts/stream';
import type { TBalance } from '@td/contracts/trading';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { createBatchedLookup } from '../../platform/batched-lookup';
import { BoundedMap } from '../../platform/bounded';
import type { Bus } from '../../platform/bus/bus';
import type { Logger } from '../../platform/logger';
import { isSessionId, SESSIONS_ENDED_CHANNEL } from '../auth/sessions';
import type { TokenService } from '../auth/tokens';
import type { KlinesService } from '../market/klines.service';
import { formatCandle, type PriceBoard, toTicker } from '../market/price-board';
import { NOTIFICATIONS_CHANNEL } from '../notifications/notifications.service';
import { streamSymbol } from '../pairs/catalogue';
import type { PairRow, PairsRepository } from '../pairs/pairs.repository';
import { EXPOSURE_LIMIT_CHANNEL } from '../risk/exposure-limit';
import { MARGIN_CALL_CHANNEL } from '../trading/margin-calls';
import { USER_EVENTS_CHANNEL } from '../trading/trading-channels';
import { createCoalescer, NODE_SCHEDULER } from './coalescer';
import { createMemoryTicketRegistry, createRedisTicketRegistry } from './ticket-registry';

/** Rooms a socket may join at once: every pair in every interval is far below this. */
const SUBSCRIPTIONS_MAX = 200;
const PAIRS_REFRESH_MS = 60_000;
const STORED_CANDLE_TTL_MS = 5_000;
/** One per pair and interval of a closed market: far above any catalogue. */
const STORED_CANDLES_MAX = 5_000;
const PING_TIMEOUT_MS = SOCKET_OPTIONS.timeout;
/**
 * How often the sessions of every open socket are read again: a socket whose session ended without
 * the news reaching this process (a lost bus message) or simply expired is closed by then.
 */
export const SESSION_RECHECK_MS = 30_000;
/** Sessions read per query of a recheck. */
const SESSION_RECHECK_BATCH = 500;
/**
 * How long a session that ended is remembered: a socket whose handshake read the session just
 * before it ended joins its rooms after the news went by, and is closed by this memory instead.
 */
const ENDED_SESSION_MEMORY_MS = 60_000;
const ENDED_SESSIONS_REMEMBERED_MAX = 100_000;

/** What a socket carries from its ticket: whose it is, and the session it was opened under. */
interface SocketData {
  userId: string;
  sessionId: string;
}
/** What the stream coalesces: a room's candle or its pair's ticker. */
type StreamUpdate = { name: 'liveKline'; event: TLiveKlineEvent } | { name: 'ticker'; event: TTickerEvent };

type StreamSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const klineRoom = (symbol: string, interval: string) => `kline:${symbol}:${interval}`;
const tickerRoom = (symbol: string) => `ticker:${symbol}`;
export const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Staff whose role holds `risk`: the pairs' exposure and the exposure-limit alerts. */
export const RISK_ROOM = 'admin:risk';
/** How often the exposure goes to `admin:risk` while someone watches. */
export const RISK_EXPOSURE_EVERY_MS = 3_000;

/**
 * The realtime service: live candles and tickers per pair, and each user's own events. Market data reaches every stream process through the bus, so
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
  /**
   * Sessions: which are still signed in (checked at connect and every `recheckMs`), and the bus on
   * which ended ones are announced (their sockets close at once).
   */
  /** Told of each message sent: its event and how many sockets it went to (metrics). */
  onSent?: ((event: string, recipients: number) => void) | undefined;
  sessions: {
    bus: Bus;
    liveSessions: (sessionIds: string[]) => Promise<Array<{ id: string; userId: string }>>;
    recheckMs?: number | undefined;
  };
  /**
   * The staff channel `admin:risk`: who may join it (a role holding `risk`), the exposure it
   * repeats every `everyMs` while someone on this process watches, and the bus of its alerts.
   */
  risk?: {
    bus: Bus;
    /** The user's role as the back-office sees it: undefined for staff without a second factor. */
    roleOf: (userId: string) => Promise<TRole | undefined>;
    exposure: () => Promise<TRiskExposureEvent>;
    everyMs?: number | undefined;
  };
}) {
  const log = deps.logger.child({ module: 'stream' });
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(
    deps.httpServer,
    {
      path: '/socket.io',
      serveClient: false,
      pingTimeout: PING_TIMEOUT_MS,
      maxHttpBufferSize: 16 * 1024,
      transports: ['websocket', 'polling'],
    },
  );
  const redis = deps.redisUrl ? { pub: new Redis(deps.redisUrl), sub: new Redis(deps.redisUrl) } : undefined;
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub));
  const tickets = deps.redisUrl ? createRedisTicketRegistry(deps.redisUrl) : createMemoryTicketRegistry();
  const liveUserOf = createBatchedLookup(async (sessionIds: string[]) => {
    const live = await deps.sessions.liveSessions(sessionIds);
    return new Map(live.map((session) => [session.id, session.userId]));
  });

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

  // A closed market's last candle, read once per pair and interval every few seconds however many
  // clients subscribe (a reconnecting crowd at the weekend would otherwise read it once each).
  const storedCandles = new BoundedMap<
    string,
    { atMs: number; candle: Promise<TLiveKlineEvent['candle'] | undefined> }
  >(STORED_CANDLES_MAX);
  const lastStoredCandle = (pair: PairRow, interval: TLiveKlineEvent['interval']) => {
    const key = `${pair.symbol}:${interval}`;
    const cached = storedCandles.get(key);
    if (cached && Date.now() - cached.atMs < STORED_CANDLE_TTL_MS) return cached.candle;
    const candle = deps.klines.klines(pair, { interval, from: 0, limit: 1 }).then((rows) => rows.at(-1));
    // A failed read is not remembered.
    candle.catch(() => storedCandles.delete(key));
    storedCandles.set(key, { atMs: Date.now(), candle });
    return candle;
  };

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return next(new Error('Unauthorized'));
    deps.tokens
      .verifyStreamTicket(token)
      .then(async (ticket) => {
        if (!ticket || !(await tickets.claim(ticket.ticketId, ticket.exp * 1000)))
          return next(new Error('Unauthorized'));
        // The session the ticket was issued for must still be signed in (not logged out, revoked,
        // expired, or its user suspended) when the socket opens.
        // Handshakes arriving together share one query (a reconnecting crowd costs a few dozen).
        if (!isSessionId(ticket.sessionId) || hasEndedLately(ticket.sessionId))
          return next(new Error('Unauthorized'));
        if ((await liveUserOf(ticket.sessionId)) !== ticket.userId) return next(new Error('Unauthorized'));
        socket.data.userId = ticket.userId;
        socket.data.sessionId = ticket.sessionId;
        next();
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'stream authentication failed');
        next(new Error('Unauthorized'));
      });
  });

  // Sessions that ended lately, oldest first (a Map keeps insertion order), for ENDED_SESSION_MEMORY_MS.
  const endedAtMs = new Map<string, number>();
  const forgetOldEnded = (nowMs: number) => {
    for (const [sessionId, atMs] of endedAtMs) {
      if (nowMs - atMs < ENDED_SESSION_MEMORY_MS && endedAtMs.size < ENDED_SESSIONS_REMEMBERED_MAX) break;
      endedAtMs.delete(sessionId);
    }
  };
  const hasEndedLately = (sessionId: string) => {
    const atMs = endedAtMs.get(sessionId);
    return atMs !== undefined && Date.now() - atMs < ENDED_SESSION_MEMORY_MS;
  };
  const offSessionsEnded = deps.sessions.bus.subscribe(SESSIONS_ENDED_CHANNEL, ({ sessionIds }) => {
    const nowMs = Date.now();
    forgetOldEnded(nowMs);
    for (const sessionId of sessionIds) endedAtMs.set(sessionId, nowMs);
    // Each process closes its own sockets of those sessions; the others hear the same message.
    io.local.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  });

  // The database is the truth: every open socket's session is read again now and then.
  let isRechecking = false;
  const recheckSessions = async () => {
    if (isRechecking) return;
    isRechecking = true;
    try {
      const socketsBySession = new Map<string, StreamSocket[]>();
      for (const socket of io.of('/').sockets.values()) {
        const list = socketsBySession.get(socket.data.sessionId);
        if (list) list.push(socket);
        else socketsBySession.set(socket.data.sessionId, [socket]);
      }
      const sessionIds = [...socketsBySession.keys()];
      for (let start = 0; start < sessionIds.length; start += SESSION_RECHECK_BATCH) {
        const batch = sessionIds.slice(start, start + SESSION_RECHECK_BATCH);
        const live = new Map(
          (await deps.sessions.liveSessions(batch)).map((session) => [session.id, session.userId]),
        );
        for (const sessionId of batch) {
          for (const socket of socketsBySession.get(sessionId) ?? []) {
            if (live.get(sessionId) !== socket.data.userId) socket.disconnect(true);
          }
        }
      }
    } catch (error) {
      log.warn({ err: error }, 'rechecking the sessions of open sockets failed');
    } finally {
      isRechecking = false;
    }
  };
  const recheckTimer = setInterval(
    () => void recheckSessions(),
    deps.sessions.recheckMs ?? SESSION_RECHECK_MS,
  );
  recheckTimer.unref();

  io.on('connection', (socket: StreamSocket) => {
    const { userId, sessionId } = socket.data;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    // Ended while the handshake was reading it as live: the announcement went by before this join.
    if (hasEndedLately(sessionId)) {
      socket.disconnect(true);
      return;
    }

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
              await lastStoredCandle(pair, interval);
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

    socket.on('watchRisk', (watch) => {
      if (watch !== true) {
        void socket.leave(RISK_ROOM);
        return;
      }
      const risk = deps.risk;
      if (!risk) return refuse('watchRisk', 'Not available');
      risk
        .roleOf(userId)
        .then(async (role) => {
          if (!role || !mayDo(role, 'risk')) return refuse('watchRisk', 'Not allowed');
          await socket.join(RISK_ROOM);
          sendExposure();
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'joining the risk channel failed');
          refuse('watchRisk', 'Subscription failed, please retry');
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

  // Coalescing: the latest candle per room and ticker per pair, at most once per throttle period.
  const outbox = createCoalescer<StreamUpdate>({
    throttleMs: LIVE_KLINE_THROTTLE_MS,
    now: Date.now,
    scheduler: NODE_SCHEDULER,
    send: (room, update) =>
      update.name === 'ticker'
        ? sent('ticker', room) && io.local.to(room).emit('ticker', update.event)
        : sent('liveKline', room) && io.local.to(room).emit('liveKline', update.event),
  });
  const listenersOf = (room: string) => io.of('/').adapter.rooms.get(room)?.size ?? 0;
  const hasListeners = (room: string) => listenersOf(room) > 0;
  /** Counts a message to a room's sockets before it goes; always true, to chain the emit. */
  const sent = (event: string, room: string) => {
    deps.onSent?.(event, listenersOf(room));
    return true;
  };

  // A user's order changed (in whichever process): tell their sockets, with the book's new balance.
  let offUserEvents: (() => Promise<void>) | undefined;
  let offNotifications: (() => Promise<void>) | undefined;
  let offMarginCalls: (() => Promise<void>) | undefined;
  let offRecovered: (() => void) | undefined;
  if (deps.userEvents) {
    const { bus, balanceOf } = deps.userEvents;
    // The bus lost messages (it was cut off and is back): every tab reads its orders, books and
    // notifications again rather than show what those messages would have changed.
    offRecovered = bus.onRecovered(() => {
      log.warn({ sockets: io.sockets.sockets.size }, 'bus recovered: clients told to read again');
      io.local.emit('resync');
    });
    // Every stream process receives every user's events: those of users it holds no socket of are
    // dropped before they are parsed.
    const forOurUsers = (message: unknown) => {
      const userId = (message as { userId?: unknown } | null)?.userId;
      return typeof userId === 'string' && hasListeners(userRoom(userId));
    };
    // A book's balance is read once at a time: events that arrive while it is read (a burst of a
    // user's trigger closes) ask for one more reading after it, which sees them all. Every order
    // event is still followed by a balance that includes it; a burst costs two readings, not one
    // each. One entry per book being read (whether another reading is wanted after it), removed
    // when its last reading ends.
    const balanceReads = new Map<string, boolean>();
    const sendBalance = (userId: string, book: 'demo' | 'real') => {
      const key = `${userId}:${book}`;
      if (balanceReads.has(key)) {
        balanceReads.set(key, true);
        return;
      }
      balanceReads.set(key, false);
      const room = userRoom(userId);
      const read = (): void => {
        balanceOf(userId, book)
          .then(
            (balance) =>
              sent('balance', room) && io.local.to(room).emit('balance', { ...balance, account: book }),
          )
          .catch((error: unknown) => log.warn({ err: error }, 'valuing a balance failed'))
          .finally(() => {
            if (!balanceReads.get(key) || !hasListeners(room)) {
              balanceReads.delete(key);
              return;
            }
            balanceReads.set(key, false);
            read();
          });
      };
      read();
    };
    void bus
      .subscribe(
        USER_EVENTS_CHANNEL,
        ({ userId, book, order }) => {
          const room = userRoom(userId);
          sent('order', room) && io.local.to(room).emit('order', order);
          sendBalance(userId, book);
        },
        { only: forOurUsers },
      )
      .then((off) => {
        offUserEvents = off;
      });
    void bus
      .subscribe(
        NOTIFICATIONS_CHANNEL,
        ({ userId, event }) => {
          const room = userRoom(userId);
          sent('notification', room) && io.local.to(room).emit('notification', event);
        },
        { only: forOurUsers },
      )
      .then((off) => {
        offNotifications = off;
      });
    // --- account risk ---
    void bus
      .subscribe(
        MARGIN_CALL_CHANNEL,
        ({ userId, event }) => {
          const room = userRoom(userId);
          sent('marginCall', room) && io.local.to(room).emit('marginCall', event);
        },
        { only: forOurUsers },
      )
      .then((off) => {
        offMarginCalls = off;
      });
    // --- end of account risk ---
  }

  // --- the dealing desk: exposure every few seconds while staff watch here, and limit alerts ---
  let isSendingExposure = false;
  function sendExposure() {
    const risk = deps.risk;
    if (!risk || isSendingExposure || !hasListeners(RISK_ROOM)) return;
    isSendingExposure = true;
    risk
      .exposure()
      .then((event) => sent('riskExposure', RISK_ROOM) && io.local.to(RISK_ROOM).emit('riskExposure', event))
      .catch((error: unknown) => log.warn({ err: error }, 'reading the exposure failed'))
      .finally(() => {
        isSendingExposure = false;
      });
  }
  const riskTimer = setInterval(sendExposure, deps.risk?.everyMs ?? RISK_EXPOSURE_EVERY_MS);
  riskTimer.unref();
  let offExposureLimits: (() => Promise<void>) | undefined;
  if (deps.risk) {
    void deps.risk.bus
      .subscribe(
        EXPOSURE_LIMIT_CHANNEL,
        (event) => sent('exposureLimit', RISK_ROOM) && io.local.to(RISK_ROOM).emit('exposureLimit', event),
        { only: () => hasListeners(RISK_ROOM) },
      )
      .then((off) => {
        offExposureLimits = off;
      });
  }
  // --- end of the dealing desk ---

  const offTick = deps.board.onTick((tick) => {
    const symbol = streamSymbol(tick.pairType as TPairType, tick.symbol);
    const kline = (interval: string, candle: (typeof tick.candles)[number]['candle'], closed: boolean) => ({
      name: 'liveKline' as const,
      event: {
        symbol,
        type: tick.pairType,
        interval: interval as TLiveKlineEvent['interval'],
        candle: formatCandle(candle, tick.precision),
        closed,
      },
    });
    for (const { interval, candle } of tick.closed) {
      const room = klineRoom(symbol, interval);
      if (hasListeners(room)) outbox.final(room, kline(interval, candle, true));
    }
    for (const { interval, candle } of tick.candles) {
      const room = klineRoom(symbol, interval);
      if (hasListeners(room)) outbox.update(room, kline(interval, candle, false));
    }
    const room = tickerRoom(symbol);
    if (hasListeners(room)) outbox.update(room, { name: 'ticker', event: toTicker(tick) });
  });

  return {
    io,
    /** Tells every client to reconnect elsewhere and stops the engine; the HTTP server belongs to its owner. */
    async close() {
      outbox.close();
      offTick();
      clearInterval(recheckTimer);
      clearInterval(riskTimer);
      await offExposureLimits?.();
      await (await offSessionsEnded)();
      offRecovered?.();
      await offUserEvents?.();
      await offNotifications?.();
      await offMarginCalls?.();
      // Each client is told the server let go ("io server disconnect"), so it reconnects on its
      // own, with a fresh ticket, to a process that stays; then the transports close.
      io.local.disconnectSockets(false);
      io.engine.close();
      await tickets.close();
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}
