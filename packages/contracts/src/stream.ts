import type { z } from 'zod';
import { ZAccount } from './constants';
import type { TLiveKlineEvent, TLiveKlineRequest, TTickerEvent, ZStreamError } from './market';
import type { TNotificationEventFull } from './notifications';
import { type TOrder, ZBalance } from './trading';

/**
 * A book's figures after one of its orders changed, sent right after that `order` event. It names
 * its account, since a user's demo and real events may interleave.
 */
export const ZBalanceEvent = ZBalance.extend({ account: ZAccount });
export type TBalanceEvent = z.infer<typeof ZBalanceEvent>;

/** Every event the server sends, by name. */
export interface ServerToClientEvents {
  liveKline: (event: TLiveKlineEvent) => void;
  ticker: (event: TTickerEvent) => void;
  /** One of the user's own orders changed (placed, filled, edited, closed, cancelled). */
  order: (order: TOrder) => void;
  balance: (balance: TBalanceEvent) => void;
  notification: (event: TNotificationEventFull) => void;
  /**
   * Events may have been lost (the server's link to the other processes broke and is back): what
   * the user's events keep current (orders, books, notifications) is read again.
   */
  resync: () => void;
  /** A request the server refused (a bad subscription), never a disconnect. */
  streamError: (error: z.infer<typeof ZStreamError>) => void;
}

/** Every event the client sends, by name. */
export interface ClientToServerEvents {
  liveKline: (request: TLiveKlineRequest) => void;
  unLiveKline: (request: TLiveKlineRequest) => void;
}
