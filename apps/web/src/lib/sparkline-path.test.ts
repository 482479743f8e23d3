import { describe, expect, it } from 'vitest';
import { sparklinePath } from './sparkline-path';

describe('sparklinePath', () => {
  it('spreads the points across the width, highest at the top', () => {
    expect(sparklinePath([1, 3, 2], 100, 20, 0)).toBe('M0 20 L50 0 L100 10');
  });

  it('keeps the line inside the padding', () => {
    expect(sparklinePath([1, 2], 10, 12, 1)).toBe('M0 11 L10 1');
  });

  it('draws a flat series through the middle', () => {
    expect(sparklinePath([5, 5, 5], 20, 10, 0)).toBe('M0 5 L10 5 L20 5');
  });

  it('draws a single point as a flat line across', () => {
    expect(sparklinePath([7], 20, 10, 0)).toBe('M0 5 L20 5');
  });

  it('draws nothing without points or room', () => {
    expect(sparklinePath([], 100, 20)).toBe('');
    expect(sparklinePath([Number.NaN], 100, 20)).toBe('');
    expect(sparklinePath([1, 2], 0, 20)).toBe('');
  });

  it('skips values that are not finite', () => {
    expect(sparklinePath([1, Number.NaN, 3], 10, 10, 0)).toBe('M0 10 L10 0');
  });
});
