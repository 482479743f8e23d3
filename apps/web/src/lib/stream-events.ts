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
import type { z } from 'zod/mini';

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

/**
 * A stream event's receiver: each payload is parsed before `deliver` sees it; a malformed one is
 * logged (as "Ignored a malformed <name> event") and dropped.
 */
export function onParsedEvent<T>(schema: z.ZodMiniType<T>, name: string, deliver: (event: T) => void) {
  return (payload: unknown): void => {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      console.warn(`Ignored a malformed ${name} event`, parsed.error.issues);
      return;
    }
    deliver(parsed.data);
  };
}

/** A receiver handing each parsed event to every listener of `listeners` through `call`. */
function dispatcher<T, THandlers>(
  listeners: Set<THandlers>,
  schema: z.ZodMiniType<T>,
  name: string,
  call: (handlers: THandlers, event: T) => void,
) {
  return onParsedEvent(schema, name, (event) => {
    for (const handlers of listeners) call(handlers, event);
  });
}

export const dispatchRiskExposure = dispatcher(
  riskHandlers,
  ZRiskExposureEvent,
  'exposure',
  (handlers, event) => handlers.onExposure?.(event),
);

export const dispatchExposureLimit = dispatcher(
  riskHandlers,
  ZExposureLimitEvent,
  'exposure limit',
  (handlers, event) => handlers.onExposureLimit?.(event),
);

export const dispatchOrder = dispatcher(userEventHandlers, ZOrder, 'order', (handlers, order) =>
  handlers.onOrder?.(order),
);

export const dispatchBalance = dispatcher(userEventHandlers, ZBalanceEvent, 'balance', (handlers, balance) =>
  handlers.onBalance?.(balance),
);

export const dispatchMarginCall = dispatcher(
  userEventHandlers,
  ZMarginCallEvent,
  'margin call',
  (handlers, event) => handlers.onMarginCall?.(event),
);

export function dispatchResync(): void {
  for (const handlers of userEventHandlers) handlers.onResync?.();
}

export const dispatchNotification = dispatcher(
  userEventHandlers,
  ZNotificationEventFull,
  'notification',
  (handlers, notification) => handlers.onNotification?.(notification),
);
