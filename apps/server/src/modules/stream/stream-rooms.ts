/**
 * The stream's rooms and sockets as its parts share them: the room names, what a socket carries,
 * and who listens in a room (every message sent is counted for the metrics).
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@td/contracts/stream';
import type { Server, Socket } from 'socket.io';

/** What a socket carries from its ticket: whose it is, and the session it was opened under. */
export interface SocketData {
  userId: string;
  sessionId: string;
}

export type StreamServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type StreamSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Tells the socket why its request was refused (`streamError`). */
export type Refuse = (event: string, message: string) => void;

export const klineRoom = (symbol: string, interval: string) => `kline:${symbol}:${interval}`;
export const tickerRoom = (symbol: string) => `ticker:${symbol}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Who listens in the rooms of this process, and the count of each message sent to them. */
export function roomAudience(
  io: StreamServer,
  onSent: ((event: string, recipients: number) => void) | undefined,
) {
  const listenersOf = (room: string) => io.of('/').adapter.rooms.get(room)?.size ?? 0;
  return {
    hasListeners: (room: string) => listenersOf(room) > 0,
    /** Counts a message to a room's sockets before it goes; always true, to chain the emit. */
    sent: (event: string, room: string) => {
      onSent?.(event, listenersOf(room));
      return true;
    },
  };
}
export type RoomAudience = ReturnType<typeof roomAudience>;
