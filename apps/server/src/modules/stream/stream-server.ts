// The realtime Socket.IO service: live candles and tickers per pair, each user's own events and
// the dealing desk's risk channel, on sockets that stay open only while their session is signed in.
// With Redis, several processes share rooms and stream tickets.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { SOCKET_OPTIONS } from '@td/contracts/constants';
import type { ClientToServerEvents, ServerToClientEvents } from '@td/contracts/stream';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Logger } from '../../platform/logger';
import type { TokenService } from '../auth/tokens';
import type { KlinesService } from '../market/klines.service';
import type { PriceBoard } from '../market/price-board';
import type { PairsRepository } from '../pairs/pairs.repository';
import { createMarketSubscriptions } from './market-subscriptions';
import { createRiskChannel, type RiskChannelDeps } from './risk-channel';
import { roomAudience, type SocketData, type StreamSocket, sessionRoom, userRoom } from './stream-rooms';
import { guardStreamSessions, type StreamSessionsDeps } from './stream-sessions';
import { createMemoryTicketRegistry, createRedisTicketRegistry } from './ticket-registry';
import { pushUserEvents, type UserEventsDeps } from './user-pushes';

const PING_TIMEOUT_MS = SOCKET_OPTIONS.timeout;

/**
 * The realtime service: live candles and tickers per pair (`market-subscriptions.ts`), each user's
 * own events (`user-pushes.ts`) and the dealing desk (`risk-channel.ts`), on sockets that open and
 * stay open only while their session is signed in (`stream-sessions.ts`).
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
  userEvents?: UserEventsDeps;
  /** Told of each message sent: its event and how many sockets it went to (metrics). */
  onSent?: ((event: string, recipients: number) => void) | undefined;
  /**
   * Sessions: which are still signed in (checked at connect and every `recheckMs`), and the bus on
   * which ended ones are announced (their sockets close at once).
   */
  sessions: StreamSessionsDeps;
  /** The staff channel `admin:risk`: who may join it, its exposure and the bus of its alerts. */
  risk?: RiskChannelDeps;
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
  const audience = roomAudience(io, deps.onSent);
  const sessions = guardStreamSessions({ io, tokens: deps.tokens, tickets, sessions: deps.sessions, log });
  const market = createMarketSubscriptions({
    io,
    board: deps.board,
    pairs: deps.pairs,
    klines: deps.klines,
    audience,
    log,
  });
  const risk = createRiskChannel({ io, risk: deps.risk, audience, log });
  const userPushes = deps.userEvents
    ? pushUserEvents({ io, userEvents: deps.userEvents, audience, log })
    : undefined;

  io.on('connection', (socket: StreamSocket) => {
    const { userId, sessionId } = socket.data;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    // Ended while the handshake was reading it as live: the announcement went by before this join.
    if (sessions.hasEndedLately(sessionId)) {
      socket.disconnect(true);
      return;
    }
    const refuse = (event: string, message: string) => socket.emit('streamError', { event, message });
    market.listen(socket, refuse);
    risk.listen(socket, refuse);
  });

  return {
    io,
    /** Tells every client to reconnect elsewhere and stops the engine; the HTTP server belongs to its owner. */
    async close() {
      market.close();
      await risk.close();
      await sessions.close();
      await userPushes?.close();
      // Each client is told the server let go ("io server disconnect"), so it reconnects on its
      // own, with a fresh ticket, to a process that stays; then the transports close.
      io.local.disconnectSockets(false);
      io.engine.close();
      await tickets.close();
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}
