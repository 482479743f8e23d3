import { describe, expect, it } from 'vitest';
import { hiddenEnds } from './scroll-cue';

describe('hiddenEnds', () => {
  it('names the ends of a strip that hide content', () => {
    expect(hiddenEnds(0, 300, 300)).toBeUndefined();
    expect(hiddenEnds(0, 300, 800)).toBe('end');
    expect(hiddenEnds(200, 300, 800)).toBe('both');
    expect(hiddenEnds(500, 300, 800)).toBe('start');
  });

  it('ignores the fraction of a pixel a zoomed page leaves', () => {
    expect(hiddenEnds(0.5, 300, 300.6)).toBeUndefined();
  });
});
