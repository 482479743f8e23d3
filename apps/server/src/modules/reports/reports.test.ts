import { ZAnnouncementRequest } from '@td/contracts/announcements';
import { ZReportDay } from '@td/contracts/reports';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../platform/http/csv';
import type { OrderRow } from '../trading/orders.repository';
import { dailyReportLine, dayBounds } from './daily-report';
import { clientMoneyOf } from './reports.service';

const order = (over: Partial<OrderRow> = {}): OrderRow =>
  ({
    id: 'o1',
    userId: 'u1',
    book: 'real',
    symbol: 'EUR_USD',
    side: 'sell',
    type: 'limit',
    status: 'exc',
    reason: 'take_profit',
    precision: 5,
    amountCents: 123_456n,
    leverage: 30,
    price: 108_512n,
    marginCents: 4_115n,
    feeCents: 62n,
    closePrice: 108_001n,
    takeProfit: null,
    stopLoss: null,
    liquidationPrice: null,
    stopPrice: null,
    trailingStop: null,
    timeInForce: 'gtc',
    expiresAt: null,
    triggeredAt: null,
    clientOrderId: null,
    parentId: null,
    pnlCents: -1_505n,
    swapCents: -17n,
    openedAt: new Date('2026-03-02T08:00:00Z'),
    closedAt: new Date('2026-03-02T16:30:00Z'),
    createdAt: new Date('2026-03-02T07:59:00Z'),
    ...over,
  }) as OrderRow;

describe('the daily report', () => {
  it('writes an order as decimal strings, quoted, with its owner', () => {
    expect(dailyReportLine(order(), 'ada@example.com')).toBe(
      '"o1","u1","ada@example.com","real","EUR_USD","sell","limit","1234.56","30","1.08512",' +
        '"2026-03-02T08:00:00.000Z","1.08001","2026-03-02T16:30:00.000Z","Done","Take profit","0.62","-0.17","-15.05"\r\n',
    );
  });

  it('defuses formulas but keeps negative numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('-15.05')).toBe('"-15.05"');
    expect(csvCell(null)).toBe('""');
  });

  // A day in the future is the route's own refusal (it depends on the day the request is made):
  // reports.int.test.ts.
  it('covers the UTC day and takes only real days from 2000', () => {
    expect(dayBounds('2024-02-29')).toEqual({
      from: new Date('2024-02-29T00:00:00Z'),
      to: new Date('2024-03-01T00:00:00Z'),
    });
    expect(ZReportDay.safeParse('2000-01-01').success).toBe(true);
    expect(ZReportDay.safeParse(new Date().toISOString().slice(0, 10)).success).toBe(true);
    for (const bad of ['1999-12-31', '2023-02-29', '2026-1-1', '2026-13-01', 'x'.repeat(500)])
      expect(ZReportDay.safeParse(bad).success, bad).toBe(false);
  });
});

describe('client money', () => {
  const asOf = new Date('2026-03-02T00:00:00Z');
  it('adds a coin across decimals, values it, and sets it against the liability', () => {
    const report = clientMoneyOf(
      [
        { coin: 'eth', kind: 'deposit', decimals: 18, units: '2500000000000000000', cents: '500000' },
        { coin: 'eth', kind: 'withdrawal', decimals: 18, units: '500000000000000000', cents: '100000' },
        { coin: 'usdt', kind: 'deposit', decimals: 6, units: '10000000', cents: '1000' },
        { coin: 'btc', kind: 'deposit', decimals: 8, units: '100000000', cents: '6000000' },
      ],
      { cash: 450_000n, margin: 50_000n },
      (coin) =>
        coin === 'usdt'
          ? { scaled: 1n, precision: 0 }
          : coin === 'eth'
            ? { scaled: 200_000n, precision: 2 }
            : undefined,
      asOf,
    );
    const eth = report.coins.find((coin) => coin.coin === 'eth');
    expect(eth).toMatchObject({ held: '2.000000000000000000', price: '2000.00', heldValue: '4000.00' });
    expect(report.coins.find((coin) => coin.coin === 'btc')).toMatchObject({
      held: '1.00000000',
      heldValue: null,
    });
    expect(report.unpricedCoins).toEqual(expect.arrayContaining(['btc']));
    expect(report.liability).toEqual({ cash: '4500.00', margin: '500.00', total: '5000.00' });
    expect(report.heldValue).toBe('4010.00');
    expect(report.difference).toBe('-990.00');
  });
});

describe("an announcement's audience", () => {
  const base = { title: 'Hello', body: 'Line one\nLine two' };
  const fields = (input: object) => {
    const parsed = ZAnnouncementRequest.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
  };
  it('names a group for a group, a pair for a pair, and nothing else', () => {
    expect(fields({ ...base, audience: 'all' })).toEqual([]);
    expect(fields({ ...base, audience: 'group', groupId: '00000000-0000-4000-8000-0000000000d1' })).toEqual(
      [],
    );
    expect(fields({ ...base, audience: 'pair', symbol: 'eth_usdt' })).toEqual([]);
    expect(fields({ ...base, audience: 'group' })).toEqual(['groupId']);
    expect(fields({ ...base, audience: 'pair', groupId: '00000000-0000-4000-8000-0000000000d1' })).toEqual([
      'groupId',
      'symbol',
    ]);
    expect(fields({ ...base, title: '  ', audience: 'all' })).toEqual(['title']);
    expect(fields({ ...base, title: 'a\u202Eb', audience: 'all' })).toEqual(['title']);
  });
});
