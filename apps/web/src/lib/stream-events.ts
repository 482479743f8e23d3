import { type TNotificationEventFull, ZNotificationEventFull } from '@td/contracts/notifications';
import {
  type TExposureLimitEvent,
  type TRiskExposureEvent,
  ZExposureLimitEvent,
  ZRiskExposureEvent,
} from '@td/contracts/risk';
import {
  type TBalanceEvent,
  type TMarginCallEvent,
  ZBalanceEvent,
  ZMarginCallEvent,
} from '@td/contracts/stream';
import { type TOrder, ZOrder } from '@td/contracts/trading';

// The events the stream (lib/socket.ts) brings for the signed-in user (orders, balances,
// notifications, margin calls) and for staff on the `admin:risk` channel: who listens to them,
// and each incoming payload parsed before it reaches them, because types check nothing at run time.

/** Handlers of the signed-in user's own events. */
export interface TUserEventHandlers {
  onOrder?: (order: TOrder) => void;
  /** A book's new figures, after an order event of that account. */
  onBalance?: (balance: TBalanceEvent) => void;
  /** The notification centre's events (ticket replies, fills, alerts, new sign-ins). */
  onNotification?: (notification: TNotificationEventFull) => void;
  /**
   * Events may have been missed (the stream came back after a drop, or the server says it lost
   * some): read again what the events keep current.
   */
  onResync?: () => void;
  /** Account risk: the account (or one of its positions) reached its margin-call level. */
  onMarginCall?: (event: TMarginCallEvent) => void;
}

/** The listeners of the user's events, added and removed by subscribeUserEvents(). */
export const userEventHandlers = new Set<TUserEventHandlers>();

/** Handlers of the staff channel `admin:risk` (the dealing desk's Risk screen). */
export interface TRiskHandlers {
  onExposure?: (event: TRiskExposureEvent) => void;
  onExposureLimit?: (event: TExposureLimitEvent) => void;
}

/** The watchers of the staff channel, added and removed by subscribeRisk(). */
export const riskHandlers = new Set<TRiskHandlers>();

export function dispatchRiskExposure(payload: unknown): void {
  const parsed = ZRiskExposureEvent.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed exposure event', parsed.error.issues);
    return;
  }
  for (const handlers of riskHandlers) handlers.onExposure?.(parsed.data);
}

export function dispatchExposureLimit(payload: unknown): void {
  const parsed = ZExposureLimitEvent.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed exposure limit event', parsed.error.issues);
    return;
  }
  for (const handlers of riskHandlers) handlers.onExposureLimit?.(parsed.data);
}

export function dispatchOrder(payload: unknown): void {
  const parsed = ZOrder.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed order event', parsed.error.issues);
    return;
  }
  for (const handlers of userEventHandlers) handlers.onOrder?.(parsed.data);
}

export function dispatchBalance(payload: unknown): void {
  const parsed = ZBalanceEvent.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed balance event', parsed.error.issues);
    return;
  }
  for (const handlers of userEventHandlers) handlers.onBalance?.(parsed.data);
}

export function dispatchMarginCall(payload: unknown): void {
  const parsed = ZMarginCallEvent.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed margin call event', parsed.error.issues);
    return;
  }
  for (const handlers of userEventHandlers) handlers.onMarginCall?.(parsed.data);
}

export function dispatchResync(): void {
  for (const handlers of userEventHandlers) handlers.onResync?.();
}

export function dispatchNotification(payload: unknown): void {
  const parsed = ZNotificationEventFull.safeParse(payload);
  if (!parsed.success) {
    console.warn('Ignored a malformed notification event', parsed.error.issues);
    return;
  }
  for (const handlers of userEventHandlers) handlers.onNotification?.(parsed.data);
}
