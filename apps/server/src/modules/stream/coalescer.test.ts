import { describe, expect, it } from 'vitest';
import { createCoalescer, type Scheduler } from './coalescer';

const THROTTLE_MS = 250;

/** A clock and scheduler the test moves by hand: `advance(ms)` runs what falls due, in order. */
function manualTime() {
  let nowMs = 1_000;
  let nextId = 0;
  const jobs = new Map<number, { atMs: number; fn: () => void }>();
  const scheduler: Scheduler = {
    soon: (fn) => {
      const id = ++nextId;
      jobs.set(id, { atMs: nowMs, fn });
      return id;
    },
    after: (ms, fn) => {
      const id = ++nextId;
      jobs.set(id, { atMs: nowMs + ms, fn });
      return id;
    },
    cancel: (handle) => {
      jobs.delete(handle as number);
    },
  };
  const runDue = () => {
    for (;;) {
      const due = [...jobs].filter(([, job]) => job.atMs <= nowMs).sort((a, b) => a[1].atMs - b[1].atMs)[0];
      if (!due) return;
      jobs.delete(due[0]);
      due[1].fn();
    }
  };
  return {
    scheduler,
    now: () => nowMs,
    /** Ends the current turn: what was scheduled `soon` runs. */
    turn: runDue,
    advance(ms: number) {
      const endMs = nowMs + ms;
      for (;;) {
        const next = [...jobs.values()].filter((job) => job.atMs <= endMs).sort((a, b) => a.atMs - b.atMs)[0];
        if (!next) break;
        nowMs = Math.max(nowMs, next.atMs);
        runDue();
      }
      nowMs = endMs;
    },
    pending: () => jobs.size,
  };
}

function setUp() {
  const time = manualTime();
  const sent: Array<{ atMs: number; room: string; event: string }> = [];
  const outbox = createCoalescer<string>({
    throttleMs: THROTTLE_MS,
    now: time.now,
    scheduler: time.scheduler,
    send: (room, event) => sent.push({ atMs: time.now(), room, event }),
  });
  return { time, sent, outbox };
}

describe('the stream coalescer', () => {
  it("sends a room's first update once the current turn is over, not inline", () => {
    const { time, sent, outbox } = setUp();
    outbox.update('kline:BTC_USDT:1', 'a');
    expect(sent).toEqual([]);
    time.turn();
    expect(sent).toEqual([{ atMs: 1_000, room: 'kline:BTC_USDT:1', event: 'a' }]);
  });

  it('sends a room at most once per throttle period, and then only its latest update', () => {
    const { time, sent, outbox } = setUp();
    outbox.update('r', 'first');
    time.turn();
    time.advance(100);
    outbox.update('r', 'second');
    time.advance(50);
    outbox.update('r', 'third');
    time.advance(99);
    expect(sent.map((entry) => entry.event)).toEqual(['first']);
    time.advance(1);
    expect(sent).toEqual([
      { atMs: 1_000, room: 'r', event: 'first' },
      { atMs: 1_250, room: 'r', event: 'third' },
    ]);
  });

  it('throttles each room on its own clock', () => {
    const { time, sent, outbox } = setUp();
    outbox.update('a', 'a1');
    time.turn();
    time.advance(200);
    outbox.update('b', 'b1');
    outbox.update('a', 'a2');
    time.turn();
    expect(sent.map((entry) => `${entry.atMs}:${entry.event}`)).toEqual(['1000:a1', '1200:b1']);
    time.advance(50);
    expect(sent.map((entry) => `${entry.atMs}:${entry.event}`)).toEqual(['1000:a1', '1200:b1', '1250:a2']);
  });

  it('sends every final event at the next flush, in order, whatever the throttle', () => {
    const { time, sent, outbox } = setUp();
    outbox.update('r', 'live');
    time.turn();
    outbox.final('r', 'closed 1');
    outbox.final('r', 'closed 2');
    time.turn();
    expect(sent.map((entry) => entry.event)).toEqual(['live', 'closed 1', 'closed 2']);
  });

  it('sends nothing more once closed, and leaves nothing scheduled', () => {
    const { time, sent, outbox } = setUp();
    outbox.update('r', 'first');
    time.turn();
    outbox.update('r', 'second');
    time.turn();
    outbox.close();
    outbox.update('r', 'third');
    time.advance(1_000);
    expect(sent.map((entry) => entry.event)).toEqual(['first']);
    expect(time.pending()).toBe(0);
  });
});
