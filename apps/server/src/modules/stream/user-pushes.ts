/**
 * Each user's own events on the stream, from whichever process they happened in: order changes
 * followed by the book's new balance, trailing stop-losses the engine moved, notifications and margin calls, sent to the user's room;
 * and `resync` to every tab when the bus may have lost some of them.
 */

import type { ServerToClientEvents } from '@td/contracts/stream';
import type { TBalance } from '@td/contracts/trading';
import type { z } from 'zod';
import type { Bus, Channel, Unsubscribe } from '../../platform/bus/bus';
import type { Logger } from '../../platform/logger';
import { NOTIFICATIONS_CHANNEL } from '../notifications/notifications.service';
import { MARGIN_CALL_CHANNEL } from '../trading/margin-calls';
import { TRAILING_MOVES_CHANNEL, USER_EVENTS_CHANNEL } from '../trading/trading-channels';
import { type RoomAudience, type StreamServer, userRoom } from './stream-rooms';

/** Where users' own events arrive (order changes), and how to value their book for `balance`. */
export interface UserEventsDeps {
  bus: Bus;
  balanceOf: (userId: string, book: 'demo' | 'real') => Promise<TBalance>;
}

export function pushUserEvents(deps: {
  io: StreamServer;
  userEvents: UserEventsDeps;
  audience: RoomAudience;
  log: Logger;
}) {
  const { io, audience, log } = deps;
  const { bus, balanceOf } = deps.userEvents;
  const { hasListeners, sent } = audience;
  const unsubscribes: Unsubscribe[] = [];

  // The bus lost messages (it was cut off and is back): every tab reads its orders, books and
  // notifications again rather than show what those messages would have changed.
  const offRecovered = bus.onRecovered(() => {
    log.warn({ sockets: io.sockets.sockets.size }, 'bus recovered: clients told to read again');
    io.local.emit('resync');
  });
  // Every stream process receives every user's events: those of users it holds no socket of are
  // dropped before they are parsed.
  const forOurUsers = (message: unknown) => {
    const userId = (message as { userId?: unknown } | null)?.userId;
    return typeof userId === 'string' && hasListeners(userRoom(userId));
  };
  /** Hands `handle` the messages of `channel` about the users this process holds sockets of. */
  const follow = <S extends z.core.$ZodType>(channel: Channel<S>, handle: (message: z.output<S>) => void) => {
    void bus.subscribe(channel, handle, { only: forOurUsers }).then((off) => {
      unsubscribes.push(off);
    });
  };
  /** Sends one of the user's own events to their room. */
  const toUser = <E extends 'order' | 'notification' | 'marginCall'>(
    userId: string,
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ) => {
    const room = userRoom(userId);
    sent(event, room) && io.local.to(room).emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
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

  // A user's order changed (in whichever process): tell their sockets, with the book's new balance.
  follow(USER_EVENTS_CHANNEL, ({ userId, book, order }) => {
    toUser(userId, 'order', order);
    sendBalance(userId, book);
  });
  // A trailing stop-loss moved: the order alone (the balance is what it was).
  follow(TRAILING_MOVES_CHANNEL, ({ userId, order }) => toUser(userId, 'order', order));
  follow(NOTIFICATIONS_CHANNEL, ({ userId, event }) => toUser(userId, 'notification', event));
  // --- account risk ---
  follow(MARGIN_CALL_CHANNEL, ({ userId, event }) => toUser(userId, 'marginCall', event));
  // --- end of account risk ---

  return {
    async close() {
      offRecovered();
      for (const off of unsubscribes) await off();
    },
  };
}
