import { describe, expect, it } from 'vitest';
import { tradingDayEndMs } from './trading-day';

const at = (iso: string) => Date.parse(iso);
const end = (pairType: 'crp' | 'forex' | 'stocks', iso: string) =>
  new Date(tradingDayEndMs(pairType, at(iso))).toISOString();

describe('tradingDayEndMs', () => {
  it('ends a crypto day at the next midnight UTC', () => {
    expect(end('crp', '2026-11-27T09:30:00Z')).toBe('2026-11-28T00:00:00.000Z');
    expect(end('crp', '2026-11-27T00:00:00Z')).toBe('2026-11-28T00:00:00.000Z');
    expect(end('crp', '2026-11-27T23:59:59.999Z')).toBe('2026-11-28T00:00:00.000Z');
  });

  it('ends a forex day at 17:00 New York, in winter and in summer time', () => {
    // 27 November: New York is UTC-5.
    expect(end('forex', '2026-11-27T09:30:00Z')).toBe('2026-11-27T22:00:00.000Z');
    expect(end('forex', '2026-11-26T22:00:00Z')).toBe('2026-11-27T22:00:00.000Z');
    // 15 July: UTC-4.
    expect(end('forex', '2026-07-15T23:00:00Z')).toBe('2026-07-16T21:00:00.000Z');
  });

  it('ends a stock day at the close, or the next trading day’s close when the market is shut', () => {
    // Wednesday 25 November 2026, 10:00 New York: closes at 16:00 (21:00 UTC).
    expect(end('stocks', '2026-11-25T15:00:00Z')).toBe('2026-11-25T21:00:00.000Z');
    // Friday 27 November 2026 (after Thanksgiving) closes early, at 13:00 New York.
    expect(end('stocks', '2026-11-27T15:00:00Z')).toBe('2026-11-27T18:00:00.000Z');
    // Thanksgiving (closed): the next trading day's close.
    expect(end('stocks', '2026-11-26T15:00:00Z')).toBe('2026-11-27T18:00:00.000Z');
    // Saturday: Monday's close.
    expect(end('stocks', '2026-11-28T15:00:00Z')).toBe('2026-11-30T21:00:00.000Z');
  });

  it('refuses a time that is not one', () => {
    expect(() => tradingDayEndMs('crp', Number.NaN)).toThrow(RangeError);
  });
});
