import { describe, expect, it } from 'vitest';
import { groupHeads, partOf, tradeTimes } from './history-rows';

const at = (minute: number) => `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe("History's times", () => {
  it('shows when a position opened and closed', () => {
    expect(tradeTimes({ createdAt: at(0), openedAt: at(1), closedAt: at(30) })).toEqual({
      opened: at(1),
      placed: null,
      closed: at(30),
    });
  });

  it('shows an open position with no close yet', () => {
    expect(tradeTimes({ createdAt: at(0), openedAt: at(0), closedAt: null })).toEqual({
      opened: at(0),
      placed: null,
      closed: null,
    });
  });

  it('shows when an order that never filled was placed, and when it ended', () => {
    expect(tradeTimes({ createdAt: at(5), openedAt: null, closedAt: at(9) })).toEqual({
      opened: null,
      placed: at(5),
      closed: at(9),
    });
    expect(tradeTimes({ createdAt: at(5), openedAt: null, closedAt: null }).placed).toBe(at(5));
  });
});

describe("History's partial closes", () => {
  it('makes a partial close a part of its position, and the position the head of its group', () => {
    const rows = [
      { id: 'b', parentId: null },
      { id: 'a', parentId: null },
      { id: 'a1', parentId: 'a' },
      { id: 'a2', parentId: 'a' },
    ];
    expect(rows.map(partOf)).toEqual([null, null, 'a', 'a']);
    expect([...groupHeads(rows)]).toEqual(['a']);
  });
});
