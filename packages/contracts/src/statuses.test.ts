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
  type TTone,
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

/** A label map with its schema and label function, and (for a status) its badge tones. */
interface LabelSet {
  name: string;
  labels: Record<string, string>;
  schema: { options: readonly string[] };
  labelOf(code: string): string;
  tones?: Record<string, TTone>;
  /** Code, label and tone, in the order of the codes. */
  rows: readonly (readonly [code: string, label: string, tone?: TTone])[];
}

const LABEL_SETS: LabelSet[] = [
  {
    name: 'ticket status',
    labels: TICKET_STATUS,
    schema: ZTicketStatus,
    labelOf: ticketStatusLabel,
    tones: TICKET_STATUS_TONE,
    rows: [
      ['pnd', 'In Progress', 'warning'],
      ['opn', 'Open', 'info'],
      ['cls', 'Closed', 'neutral'],
    ],
  },
  {
    name: 'ticket type',
    labels: TICKET_TYPE,
    schema: ZTicketType,
    labelOf: ticketTypeLabel,
    rows: [
      ['trade', 'Trade Problem'],
      ['bug', 'Bug Report'],
    ],
  },
  // A user's own close or cancel is neutral; a filled order positive, a rejection negative.
  {
    name: 'order status',
    labels: ORDER_STATUS,
    schema: ZOrderStatus,
    labelOf: orderStatusLabel,
    tones: ORDER_STATUS_TONE,
    rows: [
      ['exc', 'Done', 'positive'],
      ['act', 'Active', 'info'],
      ['rvt', 'Rejected', 'negative'],
      ['mcl', 'Manual Close', 'neutral'],
      ['cnl', 'Canceled', 'neutral'],
      ['pnd', 'Pending', 'warning'],
    ],
  },
  {
    name: 'payment status',
    labels: PAYMENT_STATUS,
    schema: ZPaymentStatus,
    labelOf: paymentStatusLabel,
    tones: PAYMENT_STATUS_TONE,
    rows: [
      ['cnf', 'Confirmed', 'positive'],
      ['pnd', 'Pending', 'warning'],
      ['rjt', 'Rejected', 'negative'],
      ['rjc', 'Rejected', 'negative'],
      ['prc', 'Processing', 'info'],
      ['snt', 'Processing', 'info'],
      ['drp', 'Processing', 'info'],
      ['notspprt', 'Not Supported', 'negative'],
      ['suspicous', 'Under review', 'warning'],
      ['minFail', 'Minimum Fail', 'negative'],
      ['cnc', 'Cancel', 'neutral'],
      ['rerr', 'Fail', 'negative'],
      ['werror', 'Fail', 'negative'],
      ['flr', 'Fail', 'negative'],
    ],
  },
  {
    name: 'pair type',
    labels: PAIR_TYPE,
    schema: ZPairType,
    labelOf: pairTypeLabel,
    rows: [
      ['crp', 'Crypto'],
      ['forex', 'Forex'],
      ['stocks', 'Stocks'],
    ],
  },
  {
    name: 'pair status',
    labels: PAIR_STATUS,
    schema: ZPairStatus,
    labelOf: pairStatusLabel,
    tones: PAIR_STATUS_TONE,
    rows: [
      ['act', 'Active', 'positive'],
      ['dis', 'Disabled', 'neutral'],
    ],
  },
  {
    name: 'user status',
    labels: USER_STATUS,
    schema: ZUserStatus,
    labelOf: userStatusLabel,
    tones: USER_STATUS_TONE,
    rows: [
      ['act', 'Active', 'positive'],
      ['sus', 'Suspended', 'negative'],
    ],
  },
];

describe.each(LABEL_SETS)('$name', ({ labels, schema, labelOf, tones, rows }) => {
  it('accepts exactly the codes of its label map, in order', () => {
    expect(schema.options).toEqual(rows.map(([code]) => code));
    expect(Object.keys(labels)).toEqual(rows.map(([code]) => code));
  });

  it('labels each code', () => {
    expect(labels).toEqual(Object.fromEntries(rows.map(([code, label]) => [code, label])));
    for (const [code, label] of rows) expect(labelOf(code)).toBe(label);
  });

  it('colours each code with its tone, where it has a badge', () => {
    const toned = rows.filter(([, , tone]) => tone !== undefined);
    expect(tones ?? {}).toEqual(Object.fromEntries(toned.map(([code, , tone]) => [code, tone])));
  });
});

describe('codes of one map are not taken for another', () => {
  it('refuses an order code as a ticket status and a payment code as an order status', () => {
    expect(ZTicketStatus.safeParse('done').success).toBe(false);
    expect(ZOrderStatus.safeParse('exc').success).toBe(true);
    expect(ZOrderStatus.safeParse('cnf').success).toBe(false);
  });
});

describe('payment statuses', () => {
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

describe('tokens and roles', () => {
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
