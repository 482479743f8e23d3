import { describe, expect, it } from 'vitest';
import { listKeyTarget } from './list-keys';

// Where the focus goes in a list of four items.
describe('listKeyTarget', () => {
  it.each<[string, number, boolean, number | null]>([
    // The arrows wrap round at both ends.
    ['ArrowDown', 1, false, 2],
    ['ArrowDown', 3, false, 0],
    ['ArrowUp', 1, false, 0],
    ['ArrowUp', 0, false, 3],
    // ← and → only in a row.
    ['ArrowRight', 1, true, 2],
    ['ArrowLeft', 0, true, 3],
    ['ArrowRight', 1, false, null],
    ['ArrowLeft', 1, false, null],
    // Home and End from anywhere.
    ['Home', 2, false, 0],
    ['End', 0, true, 3],
    // Other keys move nothing.
    ['Enter', 1, true, null],
    ['Tab', 1, false, null],
  ])('%s from %d (in a row: %s) goes to %j', (key, index, isRow, target) => {
    expect(listKeyTarget(key, index, 4, isRow)).toBe(target);
  });
});
