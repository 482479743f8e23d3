import { describe, expect, it } from 'vitest';
import { equityAxisRange, timeSpaced, timeStep } from './equity-timeline';

const DAY = 86_400;

describe('the equity curve spaced by time', () => {
  it('picks the smallest round step that fits the period', () => {
    expect(timeStep(6)).toBe(1);
    expect(timeStep(3_600)).toBe(15);
    expect(timeStep(6 * 3_600)).toBe(60);
    expect(timeStep(2 * DAY)).toBe(900);
    expect(timeStep(30 * DAY)).toBe(4 * 3_600);
    expect(timeStep(365 * DAY)).toBe(DAY);
    expect(timeStep(5 * 365 * DAY)).toBe(7 * DAY);
  });

  it('fills the time between points with empty slots, so a gap is as wide as the time it took', () => {
    const start = 20_000 * DAY;
    const points = [
      { time: start, value: 100 },
      { time: start + DAY, value: 101 },
      { time: start + 20 * DAY, value: 99 },
    ];
    const { data, step } = timeSpaced(points);
    expect(step).toBe(4 * 3_600);
    const slotOf = (time: number) => data.findIndex((item) => item.time === time);
    // A slot per four hours: a day after the first point is 6 slots on, the third 120.
    expect(slotOf(start + DAY) - slotOf(start)).toBe(6);
    expect(slotOf(start + 20 * DAY) - slotOf(start)).toBe(120);
    expect(data.filter((item) => 'value' in item)).toEqual(points);
    // In time order, each time once (the chart refuses anything else).
    expect(data.every((item, index) => index === 0 || item.time > (data[index - 1]?.time ?? 0))).toBe(true);
  });

  it('puts points between the marks in their own slots (today’s trades after the daily closes)', () => {
    const start = 20_000 * DAY;
    const points = [
      { time: start, value: 100 },
      { time: start + 2 * DAY + 125, value: 101 },
      { time: start + 2 * DAY + 130, value: 102 },
    ];
    const { data } = timeSpaced(points);
    expect(data.filter((item) => 'value' in item)).toEqual(points);
    expect(data.every((item, index) => index === 0 || item.time > (data[index - 1]?.time ?? 0))).toBe(true);
    expect(data.length).toBeLessThanOrEqual(400 + points.length);
  });

  it('leaves one point or none as it is', () => {
    expect(timeSpaced([]).data).toEqual([]);
    expect(timeSpaced([{ time: 1, value: 5 }]).data).toEqual([{ time: 1, value: 5 }]);
  });
});

describe("the equity axis's range", () => {
  it('widens a flat curve to ±1 % around its value', () => {
    expect(equityAxisRange({ minValue: 10_000, maxValue: 10_000 })).toEqual({
      minValue: 9_900,
      maxValue: 10_100,
    });
  });

  it('gives an account at zero ±1 USD', () => {
    expect(equityAxisRange({ minValue: 0, maxValue: 0 })).toEqual({ minValue: -1, maxValue: 1 });
  });

  it('keeps a curve that moves more than that', () => {
    expect(equityAxisRange({ minValue: 9_000, maxValue: 10_500 })).toEqual({
      minValue: 9_000,
      maxValue: 10_500,
    });
  });
});
