/**
 * Who may hold a stream socket: its handshake carries a ticket, used once, whose session is still
 * signed in; and the socket closes when that session ends (the bus announces it, or a recheck of
 * every open socket's session finds it gone).
 */
import { createBatchedLookup } from '../../platform/batched-lookup';
import type { Bus } from '../../platform/bus/bus';
import type { Logger } from '../../platform/logger';
import { everyBeat } from '../../platform/repeat';
import { isSessionId, SESSIONS_ENDED_CHANNEL } from '../auth/sessions';
import type { TokenService } from '../auth/tokens';
import { type StreamServer, type StreamSocket, sessionRoom } from './stream-rooms';
import type { TicketRegistry } from './ticket-registry';

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

/**
 * Sessions: which are still signed in (checked at connect and every `recheckMs`), and the bus on
 * which ended ones are announced (their sockets close at once).
 */
export interface StreamSessionsDeps {
  bus: Bus;
  liveSessions: (sessionIds: string[]) => Promise<Array<{ id: string; userId: string }>>;
  recheckMs?: number | undefined;
}

/** Authenticates every handshake of `io` and closes the sockets of sessions that end. */
export function guardStreamSessions(deps: {
  io: StreamServer;
  tokens: TokenService;
  tickets: TicketRegistry;
  sessions: StreamSessionsDeps;
  log: Logger;
}) {
  const { io, tickets, log } = deps;
  const liveUserOf = createBatchedLookup(async (sessionIds: string[]) => {
    const live = await deps.sessions.liveSessions(sessionIds);
    return new Map(live.map((session) => [session.id, session.userId]));
  });

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
  const recheckSessions = async () => {
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
  };
  const recheckTimer = everyBeat({
    everyMs: deps.sessions.recheckMs ?? SESSION_RECHECK_MS,
    run: recheckSessions,
    logger: log,
    failure: 'rechecking the sessions of open sockets failed',
  });

  return {
    /** True for a session that ended within ENDED_SESSION_MEMORY_MS. */
    hasEndedLately,
    async close() {
      clearInterval(recheckTimer);
      await (await offSessionsEnded)();
    },
  };
}
