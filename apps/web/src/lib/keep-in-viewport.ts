import { type RefObject, useLayoutEffect } from 'react';

/** The room a popover keeps from the window's edges (the page padding of a phone). */
export const VIEWPORT_MARGIN_PX = 12;

interface TBox {
  left: number;
  right: number;
  top: number;
}

/**
 * Where a popover anchored to its trigger fits the window: `shiftX` moves it sideways so neither
 * edge leaves the window (less `margin`), the left edge winning when it is wider than the window;
 * `maxHeight` is the room below its top, so a tall one scrolls inside instead of running off.
 */
export function fitInViewport(
  box: TBox,
  viewport: { width: number; height: number },
  margin = VIEWPORT_MARGIN_PX,
): { shiftX: number; maxHeight: number } {
  let shiftX = 0;
  if (box.right > viewport.width - margin) shiftX = viewport.width - margin - box.right;
  if (box.left + shiftX < margin) shiftX = margin - box.left;
  return { shiftX, maxHeight: Math.max(0, viewport.height - margin - box.top) };
}

/**
 * Keeps an open popover (a menu, a panel under a top-bar button) inside the window at every
 * width: measured as laid out, then moved sideways; again on resize. The room below its top is
 * `--popover-room`, for its CSS to cap its height with (`max-height: min(70vh, var(--popover-room))`)
 * and scroll inside, however its content grows later.
 */
export function useKeepInViewport(ref: RefObject<HTMLElement | null>, isOpen: boolean): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!isOpen || !element) return;
    const place = () => {
      element.style.translate = '';
      const { shiftX, maxHeight } = fitInViewport(element.getBoundingClientRect(), {
        width: document.documentElement.clientWidth,
        height: window.innerHeight,
      });
      if (shiftX !== 0) element.style.translate = `${shiftX}px 0`;
      element.style.setProperty('--popover-room', `${maxHeight}px`);
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [ref, isOpen]);
}
