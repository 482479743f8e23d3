import type { TNotification } from '@td/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

const notification = (kind: string, payload: Record<string, unknown> = {}): TNotification => ({
  id: 'n1',
  kind,
  message: 'x',
  payload,
  createdAt: '2026-01-01T00:00:00.000Z',
  readAt: null,
});

describe('notificationTarget', () => {
  it('leads a ticket reply to its ticket', () => {
    expect(notificationTarget(notification('ticket_reply', { ticketId: 't1' }))).toBe(
      '/dashboard/support/t1',
    );
  });

  it('leads a deposit to the wallet, and a withdrawal approved, sent or returned to its withdrawals', () => {
    expect(notificationTarget(notification('deposit_credited'))).toBe('/dashboard/wallet');
    for (const kind of ['withdrawal_approved', 'withdrawal_sent', 'withdrawal_returned'])
      expect(notificationTarget(notification(kind))).toBe('/dashboard/wallet?tab=withdraw');
  });

  it('leads fills to the history, a new sign-in to security, anything else to the centre', () => {
    for (const kind of [
      'order_filled',
      'take_profit',
      'stop_loss',
      'liquidation',
      'stop_triggered',
      'order_expired',
    ])
      expect(notificationTarget(notification(kind))).toBe('/dashboard/history');
    expect(notificationTarget(notification('new_device'))).toBe('/dashboard/security');
    expect(notificationTarget(notification('price_alert'))).toBe('/dashboard/notifications');
    expect(notificationTarget(notification('ticket_reply'))).toBe('/dashboard/notifications');
  });
});
