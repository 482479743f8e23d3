import type { TNotification } from '@td/contracts/notifications';

/**
 * What the wallet tells users: a deposit credited, a withdrawal approved after review, sent, or
 * returned with its funds.
 */
export const WALLET_NOTIFICATION_KINDS: readonly string[] = [
  'deposit_credited',
  'withdrawal_approved',
  'withdrawal_sent',
  'withdrawal_returned',
];

/** Where a notification leads: the ticket, the order history, the security screen, the wallet. */
export function notificationTarget(notification: TNotification): string {
  const { kind, payload } = notification;
  if (kind === 'ticket_reply' && typeof payload.ticketId === 'string')
    return `/dashboard/support/${payload.ticketId}`;
  if (['order_filled', 'take_profit', 'stop_loss', 'liquidation'].includes(kind)) return '/dashboard/history';
  if (kind === 'new_device') return '/dashboard/security';
  if (kind === 'deposit_credited') return '/dashboard/wallet';
  if (WALLET_NOTIFICATION_KINDS.includes(kind)) return '/dashboard/wallet?tab=withdraw';
  return '/dashboard/notifications';
}
