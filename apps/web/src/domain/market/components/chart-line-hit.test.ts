// The rule that picks which of the chart's lines a press takes.
import { describe, expect, it } from 'vitest';
import { LINE_HIT_PX, lineKeyOf, pickLine, type TLineAt } from './chart-line-hit';
import type { TChartPriceLine } from './chart-price-lines';

const line = (title: string, overrides: Partial<TChartPriceLine> = {}): TChartPriceLine => ({
  price: '100',
  title,
  kind: 'takeProfit',
  orderId: 'o1',
  isDraggable: true,
  ...overrides,
});
const at = (entry: TChartPriceLine, y: number | null): TLineAt => ({ line: entry, y });

describe('which line a press on the chart takes', () => {
  it('takes the nearest line, not the first one listed within reach', () => {
    const lines = [at(line('TP'), 100), at(line('Limit buy TP', { orderId: 'o2', isPending: true }), 104)];
    expect(pickLine(lines, 103)).toBe(1);
    expect(pickLine(lines, 101)).toBe(0);
  });

  it('takes nothing beyond reach, off the scale, or without an order', () => {
    expect(pickLine([at(line('TP'), 100)], 100 + LINE_HIT_PX + 1)).toBeUndefined();
    expect(pickLine([at(line('TP'), 100)], 100 + LINE_HIT_PX)).toBe(0);
    expect(pickLine([at(line('TP'), null)], 100)).toBeUndefined();
    expect(pickLine([at(line('Mark', { orderId: undefined }), 100)], 100)).toBeUndefined();
    expect(pickLine([], 100)).toBeUndefined();
  });

  it('of lines as near, prefers a draggable one, then the one listed first', () => {
    const entry = line('Buy entry', { kind: 'entry', isDraggable: false });
    expect(pickLine([at(entry, 100), at(line('TP'), 100)], 100)).toBe(1);
    // A pixel apart counts as as near: the draggable one still wins.
    expect(pickLine([at(entry, 100), at(line('TP'), 101)], 100)).toBe(1);
    const pendingTp = line('Limit buy TP', { orderId: 'o2', isPending: true });
    expect(pickLine([at(line('TP'), 100), at(pendingTp, 100)], 100)).toBe(0);
  });

  it('of lines as near, takes the one held last again', () => {
    const pendingTp = line('Limit buy TP', { orderId: 'o2', isPending: true });
    const lines = [at(line('TP'), 100), at(pendingTp, 100)];
    expect(pickLine(lines, 100, lineKeyOf(pendingTp))).toBe(1);
    // Clearly nearer wins over held last.
    expect(pickLine([at(line('TP'), 100), at(pendingTp, 105)], 100, lineKeyOf(pendingTp))).toBe(0);
  });

  it('tells apart lines of two orders that share a title', () => {
    expect(lineKeyOf(line('TP', { orderId: 'o1' }))).not.toBe(lineKeyOf(line('TP', { orderId: 'o2' })));
  });
});
