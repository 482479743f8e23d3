import type { TChartPriceLine } from './chart-price-lines';

/** Which of the chart's levels a press on the chart takes (the rule, apart from the chart). */

/** How close (px) a pointer must come to a line to take it. */
export const LINE_HIT_PX = 6;
/** Lines this close (px) to the pointer as the nearest one count as just as near. */
const TIE_PX = 1;

/** A level where it is drawn now: px from the chart's top, null when off the scale. */
export interface TLineAt {
  line: TChartPriceLine;
  y: number | null;
}

/** Names one line of one order: two orders' lines may share a title. */
export const lineKeyOf = (line: TChartPriceLine) => `${line.orderId ?? ''}:${line.kind}:${line.title}`;

/**
 * The line a press at `y` takes, by its index in `lines`, or undefined for none. Only an order's
 * lines can be taken, and only within LINE_HIT_PX of the pointer. The nearest one wins, so lines
 * squeezed together by a wide price scale are told apart by where the press lands, not by their
 * order in the list. Lines as near as each other (one level drawn twice, or lines a pixel apart):
 * the one last held first (a line dropped onto another is taken again, not the other), then a
 * draggable one (the press can do something with it), then the earlier in the list (a position's
 * before a pending order's).
 */
export function pickLine(lines: readonly TLineAt[], y: number, lastHeldKey?: string): number | undefined {
  const near: { index: number; distance: number; line: TChartPriceLine }[] = [];
  lines.forEach(({ line, y: at }, index) => {
    if (!line.orderId || at === null || !Number.isFinite(at)) return;
    const distance = Math.abs(at - y);
    if (distance <= LINE_HIT_PX) near.push({ index, distance, line });
  });
  if (near.length === 0) return undefined;
  const nearest = Math.min(...near.map(({ distance }) => distance));
  const rank = ({ line }: { line: TChartPriceLine }) =>
    (lastHeldKey !== undefined && lineKeyOf(line) === lastHeldKey ? 0 : 2) + (line.isDraggable ? 0 : 1);
  const tied = near.filter(({ distance }) => distance - nearest <= TIE_PX);
  tied.sort((a, b) => rank(a) - rank(b) || a.distance - b.distance || a.index - b.index);
  return tied[0]?.index;
}
