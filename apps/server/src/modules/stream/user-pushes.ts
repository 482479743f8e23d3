/**
 * Each user's own events on the stream, from whichever process they happened in: order changes
 * followed by the book's new balance, trailing stop-losses the engine moved, notifications and margin calls, sent to the user's room;
 * and `resync` to every tab when the bus may have lost some of them.
 */
import type { TBalance } from '@td/contracts/trading';
import type { Bus } from '../../platform/bus/bus';
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
  let offUserEvents: (() => Promise<void>) | undefined;
  let offTrailingMoves: (() => Promise<void>) | undefined;
  let offNotifications: (() => Promise<void>) | undefined;
  let offMarginCalls: (() => Promise<void>) | undefined;

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
  // A trailing stop-loss moved: the order alone (the balance is what it was).
  void bus
    .subscribe(
      TRAILING_MOVES_CHANNEL,
      ({ userId, order }) => {
        const room = userRoom(userId);
        sent('order', room) && io.local.to(room).emit('order', order);
      },
      { only: forOurUsers },
    )
    .then((off) => {
      offTrailingMoves = off;
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

  return {
    async close() {
      offRecovered();
      await offUserEvents?.();
      await offTrailingMoves?.();
      await offNotifications?.();
      await offMarginCalls?.();
    },
  };
}
