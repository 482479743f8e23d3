import { describe, expect, it } from 'vitest';
import { nextHoliday, tradingSessions } from './trading-sessions';

const iso = (ms: number) => new Date(ms).toISOString();

describe('trading sessions', () => {
  it('lists the US exchanges’ sessions of a week, with the early close and the holiday', () => {
    const from = Date.parse('2026-11-23T00:00:00Z');
    const sessions = tradingSessions('stocks', from, from + 7 * 86_400_000);
    expect(sessions.map((s) => [iso(s.opensAtMs), iso(s.closesAtMs)])).toEqual([
      ['2026-11-23T14:30:00.000Z', '2026-11-23T21:00:00.000Z'],
      ['2026-11-24T14:30:00.000Z', '2026-11-24T21:00:00.000Z'],
      ['2026-11-25T14:30:00.000Z', '2026-11-25T21:00:00.000Z'],
      ['2026-11-27T14:30:00.000Z', '2026-11-27T18:00:00.000Z'],
    ]);
  });

  it('lists the FX week from Sunday 17:00 to Friday 17:00 New York, and crypto as always open', () => {
    const from = Date.parse('2026-06-06T00:00:00Z');
    const forex = tradingSessions('forex', from, from + 7 * 86_400_000);
    expect(forex.map((s) => [iso(s.opensAtMs), iso(s.closesAtMs)])).toEqual([
      ['2026-06-07T21:00:00.000Z', '2026-06-12T21:00:00.000Z'],
    ]);
    expect(tradingSessions('crp', from, from + 1000)).toEqual([{ opensAtMs: from, closesAtMs: from + 1000 }]);
  });

  it('names the next holiday', () => {
    expect(nextHoliday('stocks', Date.parse('2026-11-27T12:00:00Z'))).toEqual({
      date: '2026-11-27',
      name: 'Day after Thanksgiving',
      kind: 'early-close',
    });
    expect(nextHoliday('stocks', Date.parse('2026-11-28T12:00:00Z'))).toMatchObject({
      date: '2026-12-24',
      kind: 'early-close',
    });
    expect(nextHoliday('forex', Date.parse('2026-12-26T12:00:00Z'))).toEqual({
      date: '2027-01-01',
      name: "New Year's Day",
      kind: 'closed',
    });
    expect(nextHoliday('crp', Date.now())).toBeUndefined();
  });
});
