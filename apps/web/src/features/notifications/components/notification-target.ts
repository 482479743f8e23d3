import type { TNotification } from '@td/contracts/notifications';
import { PATHS } from '../../../lib/paths';

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

/** Where a notification leads: the ticket, the order history, security, verification, the wallet. */
export function notificationTarget(notification: TNotification): string {
  const { kind, payload } = notification;
  if (kind === 'ticket_reply' && typeof payload.ticketId === 'string') return PATHS.ticket(payload.ticketId);
  if (
    ['order_filled', 'take_profit', 'stop_loss', 'liquidation', 'stop_triggered', 'order_expired'].includes(
      kind,
    )
  )
    return PATHS.history;
  if (kind === 'new_device' || kind === 'security_change') return PATHS.security;
  if (kind === 'kyc_approved' || kind === 'kyc_rejected') return PATHS.verification;
  if (kind === 'deposit_credited') return PATHS.wallet;
  if (kind === 'balance_operation') return PATHS.history;
  if (WALLET_NOTIFICATION_KINDS.includes(kind)) return `${PATHS.wallet}?tab=withdraw`;
  return PATHS.notifications;
}
