import { describe, expect, it } from 'vitest';
import { easterSunday, exchangeDaysOf } from './us-calendar';

const listed = (year: number) =>
  [...exchangeDaysOf(year)].map(([date, day]) => `${date} ${day.kind} ${day.name}`).sort();

describe('the US exchange calendar', () => {
  it('matches the exchanges’ published 2026 calendar', () => {
    expect(listed(2026)).toEqual([
      "2026-01-01 closed New Year's Day",
      '2026-01-19 closed Martin Luther King Jr. Day',
      "2026-02-16 closed Washington's Birthday",
      '2026-04-03 closed Good Friday',
      '2026-05-25 closed Memorial Day',
      '2026-06-19 closed Juneteenth',
      '2026-07-03 closed Independence Day',
      '2026-09-07 closed Labor Day',
      '2026-11-26 closed Thanksgiving Day',
      '2026-11-27 early-close Day after Thanksgiving',
      '2026-12-24 early-close Christmas Eve',
      '2026-12-25 closed Christmas Day',
    ]);
  });

  it('matches the exchanges’ published 2027 calendar: holidays on weekends are kept on a weekday', () => {
    expect(listed(2027)).toEqual([
      "2027-01-01 closed New Year's Day",
      '2027-01-18 closed Martin Luther King Jr. Day',
      "2027-02-15 closed Washington's Birthday",
      '2027-03-26 closed Good Friday',
      '2027-05-31 closed Memorial Day',
      '2027-06-18 closed Juneteenth',
      '2027-07-05 closed Independence Day',
      '2027-09-06 closed Labor Day',
      '2027-11-25 closed Thanksgiving Day',
      '2027-11-26 early-close Day after Thanksgiving',
      '2027-12-24 closed Christmas Day',
    ]);
  });

  it('keeps the last trading day of a year whose New Year’s Day is a Saturday open', () => {
    // 1 January 2028 is a Saturday: 31 December 2027 trades, and no day of 2028 makes up for it.
    expect(listed(2028).filter((line) => line.includes('New Year'))).toEqual([]);
    expect(listed(2027).some((line) => line.startsWith('2027-12-31'))).toBe(false);
  });

  it('closes early on the day before Independence Day only from Monday to Thursday', () => {
    expect(listed(2025)).toContain('2025-07-03 early-close Independence Day');
    expect(listed(2024)).toContain('2024-07-03 early-close Independence Day');
    expect(listed(2022).some((line) => line.startsWith('2022-07-0') && line.includes('early'))).toBe(false);
  });

  it('finds Easter by the Gregorian rule', () => {
    expect(easterSunday(2024)).toEqual([3, 31]);
    expect(easterSunday(2025)).toEqual([4, 20]);
    expect(easterSunday(2026)).toEqual([4, 5]);
    expect(easterSunday(2027)).toEqual([3, 28]);
    expect(easterSunday(2038)).toEqual([4, 25]);
  });
});
