import { type RefObject, useEffect, useRef } from 'react';
import { lineKeyOf, pickLine } from './chart-line-hit';
import type { TChartPriceLine, TDrawnPriceLine } from './chart-price-lines';
import type { TChartHandles } from './chart-series';

/** Trading from the candle chart: dragging an order's level to a new price, or clicking it. */

/** Less movement than this is a click on the line, not a drag. */
const DRAG_THRESHOLD_PX = 3;

export interface TLineDragHandlers {
  /**
   * A draggable level was dropped at `price` (rounded to the pair's precision); false (or a promise
   * of it) puts the line back where it was.
   */
  onLineMove?: (line: TChartPriceLine, price: string) => boolean | Promise<boolean>;
  /** A level of an order was clicked. */
  onLineClick?: (line: TChartPriceLine) => void;
  /** Decimals of the pair's prices, for the price a level is dropped at. */
  pricePrecision: number;
}

/**
 * A draggable level follows the pointer and is dropped at a new price; a click on an order's level
 * opens the order. The chart's own scrolling pauses during a drag. While a level is held, the
 * chart element carries its title in `data-dragging` (a live chart's lines move under the pointer).
 */
export function useLineDragging(
  hostRef: RefObject<HTMLDivElement | null>,
  handlesRef: RefObject<TChartHandles | null>,
  linesRef: RefObject<TDrawnPriceLine[]>,
  handlers: TLineDragHandlers,
): void {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let drag: { entry: TDrawnPriceLine; startY: number; price: number; moved: boolean } | undefined;
    /** The line held last: of lines as near as each other, a press takes it again. */
    let lastHeldKey: string | undefined;
    const yOf = (event: PointerEvent) => event.clientY - host.getBoundingClientRect().top;
    /** The line a press at `y` takes: the nearest within a few px (see pickLine). */
    const hit = (y: number) => {
      const handles = handlesRef.current;
      if (!handles) return undefined;
      const drawn = linesRef.current;
      const at = drawn.map(({ line }) => ({
        line,
        y: handles.candles.priceToCoordinate(Number(line.price)),
      }));
      const index = pickLine(at, y, lastHeldKey);
      return index === undefined ? undefined : drawn[index];
    };
    const setScrolling = (isOn: boolean) =>
      handlesRef.current?.chart.applyOptions({ handleScroll: isOn, handleScale: isOn });
    const onDown = (event: PointerEvent) => {
      if (event.button !== 0) return;
      const entry = hit(yOf(event));
      if (!entry) return;
      event.preventDefault();
      event.stopPropagation();
      host.setPointerCapture(event.pointerId);
      drag = { entry, startY: yOf(event), price: Number(entry.line.price), moved: false };
      lastHeldKey = lineKeyOf(entry.line);
      // Which line is held, for tools and tests (a live chart's lines move under the pointer).
      host.dataset.dragging = entry.line.title;
      setScrolling(false);
    };
    const onMove = (event: PointerEvent) => {
      const y = yOf(event);
      if (!drag) {
        const near = hit(y);
        host.style.cursor = near ? (near.line.isDraggable ? 'ns-resize' : 'pointer') : '';
        return;
      }
      event.stopPropagation();
      if (!drag.entry.line.isDraggable) return;
      if (Math.abs(y - drag.startY) > DRAG_THRESHOLD_PX) drag.moved = true;
      const price = handlesRef.current?.candles.coordinateToPrice(y);
      if (price === null || price === undefined || !drag.moved) return;
      drag.price = price;
      drag.entry.api.applyOptions({ price });
    };
    const onUp = (event: PointerEvent) => {
      if (!drag) return;
      event.stopPropagation();
      const { entry, moved, price } = drag;
      drag = undefined;
      delete host.dataset.dragging;
      setScrolling(true);
      const { onLineMove: move, onLineClick: click, pricePrecision: precision } = handlersRef.current;
      if (!moved) return click?.(entry.line);
      if (price <= 0) {
        entry.api.applyOptions({ price: Number(entry.line.price) });
        return;
      }
      const putBack = () => {
        try {
          entry.api.applyOptions({ price: Number(entry.line.price) });
        } catch {
          // The line was redrawn meanwhile (the order changed): nothing to put back.
        }
      };
      if (!move) return putBack();
      void Promise.resolve(move(entry.line, price.toFixed(precision))).then((isKept) => {
        if (!isKept) putBack();
      });
    };
    host.addEventListener('pointerdown', onDown, { capture: true });
    host.addEventListener('pointermove', onMove, { capture: true });
    host.addEventListener('pointerup', onUp, { capture: true });
    host.addEventListener('pointercancel', onUp, { capture: true });
    return () => {
      host.removeEventListener('pointerdown', onDown, { capture: true });
      host.removeEventListener('pointermove', onMove, { capture: true });
      host.removeEventListener('pointerup', onUp, { capture: true });
      host.removeEventListener('pointercancel', onUp, { capture: true });
    };
  }, [hostRef, handlesRef, linesRef]);
}
