import type { TNotification } from '@td/contracts/notifications';

/** Where a notification leads: the ticket, the order history, the security screen. */
export function notificationTarget(notification: TNotification): string {
  const { kind, payload } = notification;
  if (kind === 'ticket_reply' && typeof payload.ticketId === 'string')
    return `/dashboard/support/${payload.ticketId}`;
  if (['order_filled', 'take_profit', 'stop_loss', 'liquidation'].includes(kind)) return '/dashboard/history';
  if (kind === 'new_device') return '/dashboard/security';
  return '/dashboard/notifications';
}
