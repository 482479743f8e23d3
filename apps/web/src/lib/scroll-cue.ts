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

/**
 * Keeps `data-more` on a horizontally scrolling strip saying which of its ends hide tabs (the
 * stylesheet fades those ends, so a strip that scrolls shows that it does), and brings the current
 * tab (`aria-current="page"`) into view whenever `current` changes.
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
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [strip]);

  useEffect(() => {
    if (!current) return;
    const active = strip.current?.querySelector<HTMLElement>('[aria-current="page"]');
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [strip, current]);
}
