import { describe, expect, it } from 'vitest';
import {
  isPaymentStatus,
  ORDER_STATUS,
  ORDER_STATUS_TONE,
  orderStatusLabel,
  PAIR_STATUS,
  PAIR_STATUS_TONE,
  PAIR_TYPE,
  PAYMENT_STATUS,
  PAYMENT_STATUS_TONE,
  pairStatusLabel,
  pairTypeLabel,
  paymentStatusLabel,
  paymentStatusTone,
  TICKET_STATUS,
  TICKET_STATUS_TONE,
  TICKET_TYPE,
  TONES,
  ticketStatusLabel,
  ticketTypeLabel,
  USER_STATUS,
  USER_STATUS_TONE,
  userStatusLabel,
  ZOrderStatus,
  ZPairStatus,
  ZPairType,
  ZPaymentStatus,
  ZRole,
  ZTicketStatus,
  ZTicketType,
  ZTokenType,
  ZUserStatus,
} from './statuses';

describe('ticket statuses and types', () => {
  it('labels each ticket status', () => {
    expect(TICKET_STATUS).toEqual({ pnd: 'In Progress', opn: 'Open', cls: 'Closed' });
    expect(ticketStatusLabel('pnd')).toBe('In Progress');
  });

  it('labels each ticket type', () => {
    expect(TICKET_TYPE).toEqual({ trade: 'Trade Problem', bug: 'Bug Report' });
    expect(ticketTypeLabel('bug')).toBe('Bug Report');
  });

  it('accepts exactly the codes of the label maps', () => {
    expect(ZTicketStatus.options).toEqual(['pnd', 'opn', 'cls']);
    expect(ZTicketType.options).toEqual(['trade', 'bug']);
    expect(ZTicketStatus.safeParse('done').success).toBe(false);
  });

  it('colours an open ticket as information and a pending one as a warning', () => {
    expect(TICKET_STATUS_TONE).toEqual({ pnd: 'warning', opn: 'info', cls: 'neutral' });
  });
});

describe('order statuses', () => {
  it('labels each order status', () => {
    expect(ORDER_STATUS).toEqual({
      exc: 'Done',
      act: 'Active',
      rvt: 'Rejected',
      mcl: 'Manual Close',
      cnl: 'Canceled',
      pnd: 'Pending',
    });
    expect(orderStatusLabel('mcl')).toBe('Manual Close');
  });

  it('accepts exactly the order codes', () => {
    expect(ZOrderStatus.options).toEqual(Object.keys(ORDER_STATUS));
    expect(ZOrderStatus.safeParse('exc').success).toBe(true);
    expect(ZOrderStatus.safeParse('cnf').success).toBe(false);
  });

  it('colours a filled order positive, a rejection negative and a user close neutral', () => {
    expect(ORDER_STATUS_TONE).toEqual({
      exc: 'positive',
      act: 'info',
      rvt: 'negative',
      mcl: 'neutral',
      cnl: 'neutral',
      pnd: 'warning',
    });
  });
});

describe('payment statuses', () => {
  it.each([
    ['cnf', 'Confirmed'],
    ['pnd', 'Pending'],
    ['rjt', 'Rejected'],
    ['rjc', 'Rejected'],
    ['prc', 'Processing'],
    ['snt', 'Processing'],
    ['drp', 'Processing'],
    ['notspprt', 'Not Supported'],
    ['suspicous', 'Under review'],
    ['minFail', 'Minimum Fail'],
    ['cnc', 'Cancel'],
    ['rerr', 'Fail'],
    ['werror', 'Fail'],
    ['flr', 'Fail'],
  ])('labels %s as %s', (code, label) => {
    expect(paymentStatusLabel(code)).toBe(label);
  });

  it('knows exactly fourteen codes, spelling suspicous as the wire does', () => {
    expect(ZPaymentStatus.options).toHaveLength(14);
    expect(ZPaymentStatus.options).toEqual(Object.keys(PAYMENT_STATUS));
    expect(ZPaymentStatus.safeParse('suspicious').success).toBe(false);
  });

  it('labels an unknown code as Unknown', () => {
    expect(paymentStatusLabel('newcode')).toBe('Unknown');
    expect(paymentStatusLabel('')).toBe('Unknown');
  });

  it('does not mistake object prototype names for codes', () => {
    expect(isPaymentStatus('toString')).toBe(false);
    expect(paymentStatusLabel('constructor')).toBe('Unknown');
    expect(paymentStatusTone('__proto__')).toBe('neutral');
  });

  it('matches codes case-sensitively', () => {
    expect(isPaymentStatus('minFail')).toBe(true);
    expect(isPaymentStatus('minfail')).toBe(false);
  });

  it('colours confirmations positive, failures negative, review a warning and processing info', () => {
    expect(paymentStatusTone('cnf')).toBe('positive');
    for (const code of ['rjt', 'rjc', 'notspprt', 'minFail', 'rerr', 'werror', 'flr']) {
      expect(paymentStatusTone(code)).toBe('negative');
    }
    expect(paymentStatusTone('suspicous')).toBe('warning');
    expect(paymentStatusTone('pnd')).toBe('warning');
    for (const code of ['prc', 'snt', 'drp']) expect(paymentStatusTone(code)).toBe('info');
    expect(paymentStatusTone('cnc')).toBe('neutral');
  });

  it('colours an unknown code neutral', () => {
    expect(paymentStatusTone('newcode')).toBe('neutral');
  });
});

describe('pairs', () => {
  it('labels each pair type', () => {
    expect(PAIR_TYPE).toEqual({ crp: 'Crypto', forex: 'Forex', stocks: 'Stocks' });
    expect(pairTypeLabel('crp')).toBe('Crypto');
    expect(ZPairType.options).toEqual(['crp', 'forex', 'stocks']);
  });

  it('labels each pair status and colours a disabled pair neutral', () => {
    expect(PAIR_STATUS).toEqual({ act: 'Active', dis: 'Disabled' });
    expect(pairStatusLabel('dis')).toBe('Disabled');
    expect(ZPairStatus.options).toEqual(['act', 'dis']);
    expect(PAIR_STATUS_TONE).toEqual({ act: 'positive', dis: 'neutral' });
  });
});

describe('users and tokens', () => {
  it('labels each user status and colours a suspension negative', () => {
    expect(USER_STATUS).toEqual({ act: 'Active', sus: 'Suspended' });
    expect(userStatusLabel('sus')).toBe('Suspended');
    expect(ZUserStatus.options).toEqual(['act', 'sus']);
    expect(USER_STATUS_TONE).toEqual({ act: 'positive', sus: 'negative' });
  });

  it('knows the three token types, the trader and the five staff roles', () => {
    expect(ZTokenType.options).toEqual(['normal', 'email', 'tfa']);
    expect(ZRole.options).toEqual(['user', 'support', 'compliance', 'dealer', 'accountant', 'admin']);
    expect(ZRole.safeParse('root').success).toBe(false);
  });
});

describe('tones', () => {
  it('uses only the five known tones in every map', () => {
    const maps = [
      TICKET_STATUS_TONE,
      ORDER_STATUS_TONE,
      PAYMENT_STATUS_TONE,
      PAIR_STATUS_TONE,
      USER_STATUS_TONE,
    ];
    for (const map of maps) {
      for (const tone of Object.values(map)) expect(TONES).toContain(tone);
    }
  });
});
