import { useEffect } from 'react';

/** Which ends of a horizontally scrolling strip hide content: `start`, `end`, `both`, or none. */
export function hiddenEnds(scrollLeft: number, clientWidth: number, scrollWidth: number) {
  const start = scrollLeft > 1;
  const end = scrollLeft + clientWidth < scrollWidth - 1;
  if (start && end) return 'both';
  if (start) return 'start';
  if (end) return 'end';
  return undefined;
}

/** Scrolls the strip, and only it (never the page), so that its current tab is whole in view. */
function showCurrentTab(strip: HTMLElement) {
  const active = strip.querySelector<HTMLElement>('[aria-current="page"]');
  if (!active) return;
  const bounds = strip.getBoundingClientRect();
  const box = active.getBoundingClientRect();
  if (box.left < bounds.left) strip.scrollLeft -= bounds.left - box.left;
  else if (box.right > bounds.right) strip.scrollLeft += box.right - bounds.right;
}

/**
 * Keeps `data-more` on a horizontally scrolling strip saying which of its ends hide tabs (the
 * stylesheet fades those ends, so a strip that scrolls shows that it does), and brings the current
 * tab (`aria-current="page"`) into view whenever `current` changes or the strip's width does (a
 * window narrowed, a phone turned upright).
 */
export function useScrollCue(strip: React.RefObject<HTMLElement | null>, current: string) {
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    const update = () => {
      const more = hiddenEnds(element.scrollLeft, element.clientWidth, element.scrollWidth);
      if (more) element.dataset.more = more;
      else delete element.dataset.more;
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth !== width) {
        width = element.clientWidth;
        showCurrentTab(element);
      }
      update();
    });
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [strip]);

  useEffect(() => {
    const element = strip.current;
    if (current && element) showCurrentTab(element);
  }, [strip, current]);
}
