import { describe, expect, it } from 'vitest';
import { fitInViewport } from './keep-in-viewport';

describe('a popover in the window', () => {
  const phone = { width: 375, height: 667 };

  it('stays where it is when it fits', () => {
    expect(fitInViewport({ left: 1000, right: 1360, top: 64 }, { width: 1440, height: 900 })).toEqual({
      shiftX: 0,
      maxHeight: 824,
    });
  });

  it('moves right when it would open off the left edge (a panel under a bell left of the menu)', () => {
    // 351 px wide, its right edge under the bell at 289 px: it started 62 px off the screen.
    expect(fitInViewport({ left: -62, right: 289, top: 60 }, phone).shiftX).toBe(74);
  });

  it('moves left when it would run off the right edge', () => {
    expect(fitInViewport({ left: 200, right: 420, top: 60 }, phone).shiftX).toBe(-57);
  });

  it('keeps the left edge in view when wider than the window', () => {
    const { shiftX } = fitInViewport({ left: 0, right: 500, top: 60 }, phone);
    expect(0 + shiftX).toBe(12);
  });

  it('leaves the room below its top for its height, never less than nothing', () => {
    expect(fitInViewport({ left: 20, right: 240, top: 60 }, phone).maxHeight).toBe(595);
    expect(fitInViewport({ left: 20, right: 240, top: 700 }, phone).maxHeight).toBe(0);
  });
});
