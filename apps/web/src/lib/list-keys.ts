// The keys that move the focus along a list of items (a menu's, a tab list's), as WAI-ARIA has them,
// and the refs that keep the items' elements to move it to.

import type { RefObject } from 'react';

/**
 * Where a key moves among `count` items from `index`: the arrows to the next or previous item
 * (wrapping round), Home and End to the first and last; null for any other key. ← and → move
 * too in a row of items (`isRow`).
 */
export function listKeyTarget(key: string, index: number, count: number, isRow = false): number | null {
  if (key === 'ArrowDown' || (isRow && key === 'ArrowRight')) return (index + 1) % count;
  if (key === 'ArrowUp' || (isRow && key === 'ArrowLeft')) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** The ref of the item at `index`: keeps its element in `elements` (null once it is gone). */
export const itemRef =
  <TElement>(elements: RefObject<(TElement | null)[]>, index: number) =>
  (element: TElement | null) => {
    elements.current[index] = element;
  };
