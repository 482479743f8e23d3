import { z } from 'zod/mini';
import { ZNotificationEvent, ZPairSymbol } from './market';
import { ZPriceInput } from './trading';

/**
 * What a notification is about. Modules add their kinds here (deposits and withdrawals belong to
 * the wallet); the web app picks an icon per kind and shows `message` as it is.
 */
export const NOTIFICATION_KINDS = [
  'ticket_reply',
  'order_filled',
  'take_profit',
  'stop_loss',
  'liquidation',
  /** A stop-limit order's trigger fired (it now waits as a limit), a pending order expired. */
  'stop_triggered',
  'order_expired',
  /** A pending order refused as it would have opened (its pair's exposure limit). */
  'order_refused',
  'new_device',
  /** A new way into the account or its orders: a passkey added, an API key created. */
  'security_change',
  'price_alert',
  'deposit_credited',
  'withdrawal_approved',
  'withdrawal_sent',
  'withdrawal_returned',
  'kyc_approved',
  'kyc_rejected',
  // --- account risk ---
  'margin_call',
  'stop_out',
  // --- end of account risk ---
  /** Staff credited, corrected or refunded the account, or granted a bonus. */
  'balance_operation',
  /** Staff with the `risk` permission: a Real order was refused for its pair's exposure limit. */
  'exposure_limit',
] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

/**
 * The stream's `notification` event (`{kind, message}` on the wire) as this server sends it, with
 * the stored row's id, details and time; `kind` stays an open string on the wire, so an older web
 * app shows a newer kind's message as it is.
 */
export const ZNotificationEventFull = z.extend(ZNotificationEvent, {
  id: z.string(),
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TNotificationEventFull = z.infer<typeof ZNotificationEventFull>;

/** One row of the notification centre. */
export const ZNotification = z.extend(ZNotificationEventFull, { readAt: z.nullable(z.string()) });
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationsData = z.object({
  items: z.array(ZNotification),
  page: z.number().check(z.int()),
  limit: z.number().check(z.int()),
  total: z.number().check(z.int()),
  unread: z.number().check(z.int()),
});
export type TNotificationsData = z.infer<typeof ZNotificationsData>;

/** `ids` marks those read; without it, every notification of the user is marked read. */
export const ZMarkReadRequest = z.object({ ids: z.optional(z.array(z.uuid()).check(z.maxLength(100))) });

export const ZPriceAlert = z.object({
  id: z.string(),
  symbol: z.string(),
  direction: z.enum(['above', 'below']),
  price: z.string(),
  firedAt: z.nullable(z.string()),
  firedPrice: z.nullable(z.string()),
  createdAt: z.string(),
});
export type TPriceAlert = z.infer<typeof ZPriceAlert>;

/** `{symbol, above: price}` or `{symbol, below: price}` (exactly one of the two). */
export const ZCreateAlertRequest = z.pipe(
  z
    .object({
      symbol: ZPairSymbol,
      above: z.optional(ZPriceInput('Price')),
      below: z.optional(ZPriceInput('Price')),
    })
    .check(
      z.refine((alert) => (alert.above === undefined) !== (alert.below === undefined), {
        path: ['above'],
        message: 'Give one price, above or below',
      }),
      // In the document's words: one of the two prices, not both.
      z.meta({ oneOf: [{ required: ['above'] }, { required: ['below'] }] }),
    ),
  z.transform(
    ({ symbol, above, below }): { symbol: string; above: string } | { symbol: string; below: string } =>
      above === undefined ? { symbol, below: below ?? '' } : { symbol, above },
  ),
);
export type TCreateAlertRequest = z.infer<typeof ZCreateAlertRequest>;
