import { describe, expect, it } from 'vitest';
import { nextTicketStatus } from './ticket-status';

describe('ticket status transitions', () => {
  it('a staff reply puts any ticket In Progress', () => {
    for (const status of ['opn', 'pnd', 'cls'] as const)
      expect(nextTicketStatus(status, 'staff_reply')).toBe('pnd');
  });

  it('a user message reopens a closed ticket and hands an answered one back to support', () => {
    expect(nextTicketStatus('cls', 'user_message')).toBe('opn');
    expect(nextTicketStatus('pnd', 'user_message')).toBe('opn');
    expect(nextTicketStatus('opn', 'user_message')).toBe('opn');
  });

  it('closing closes from any status', () => {
    for (const status of ['opn', 'pnd', 'cls'] as const)
      expect(nextTicketStatus(status, 'close')).toBe('cls');
  });
});
