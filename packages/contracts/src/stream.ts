import { z } from 'zod/mini';
import { ZAccount } from './enums';
import type { TLiveKlineEvent, TLiveKlineRequest, TTickerEvent, ZStreamError } from './market';
import type { TNotificationEventFull } from './notifications';
import type { TExposureLimitEvent, TRiskExposureEvent } from './risk';
import { type TOrder, ZBalance } from './trading';

/**
 * A book's figures after one of its orders changed, sent right after that `order` event. It names
 * its account, since a user's demo and real events may interleave.
 */
export const ZBalanceEvent = z.extend(ZBalance, { account: ZAccount });
export type TBalanceEvent = z.infer<typeof ZBalanceEvent>;

// --- account risk ---
/**
 * The account's margin level fell to its group's margin-call level (once per crossing): in
 * `cross` the whole account (`orderId` null), in `isolated` one position.
 */
export const ZMarginCallEvent = z.object({
  account: ZAccount,
  marginMode: z.enum(['isolated', 'cross']),
  orderId: z.nullable(z.string()),
  symbol: z.nullable(z.string()),
  marginLevel: z.string(),
  marginCallLevel: z.number().check(z.int()),
  stopOutLevel: z.number().check(z.int()),
});
export type TMarginCallEvent = z.infer<typeof ZMarginCallEvent>;
// --- end of account risk ---

/** Every event the server sends, by name. */
export interface ServerToClientEvents {
  liveKline: (event: TLiveKlineEvent) => void;
  ticker: (event: TTickerEvent) => void;
  /** One of the user's own orders changed (placed, filled, edited, closed, cancelled). */
  order: (order: TOrder) => void;
  balance: (balance: TBalanceEvent) => void;
  notification: (event: TNotificationEventFull) => void;
  /** Account risk: a margin call (see {@link ZMarginCallEvent}). */
  marginCall: (event: TMarginCallEvent) => void;
  /**
   * Events may have been lost (the server's link to the other processes broke and is back): what
   * the user's events keep current (orders, books, notifications) is read again.
   */
  resync: () => void;
  /** Staff with the `risk` permission on `admin:risk`: the pairs' exposure, every few seconds. */
  riskExposure: (event: TRiskExposureEvent) => void;
  /** Staff on `admin:risk`: a Real order was refused for its pair's exposure limit. */
  exposureLimit: (event: TExposureLimitEvent) => void;
  /** A request the server refused (a bad subscription), never a disconnect. */
  streamError: (error: z.infer<typeof ZStreamError>) => void;
}

/** Every event the client sends, by name. */
export interface ClientToServerEvents {
  liveKline: (request: TLiveKlineRequest) => void;
  unLiveKline: (request: TLiveKlineRequest) => void;
  /** Joins (`true`) or leaves the staff channel `admin:risk` (refused without the `risk` permission). */
  watchRisk: (watch: boolean) => void;
}
