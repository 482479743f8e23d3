/**
 * What the stream sends when: the latest update per room at most once per throttle period, and
 * every finished (closed) event as soon as possible, in order. Pure bookkeeping over an injected
 * clock and scheduler, so its timing is tested without sockets or sleeps.
 *
 * A flush runs right after the updates that asked for it (not on a timer of its own, whose phase
 * against the market's would add up to a whole period of delay); a room that sent recently waits
 * until its period is over, keeping only its latest update.
 */

export interface Scheduler {
  /** Runs `fn` once the current turn is over (`setImmediate`). */
  soon(fn: () => void): unknown;
  /** Runs `fn` after `ms` (`setTimeout`). */
  after(ms: number, fn: () => void): unknown;
  cancel(handle: unknown): void;
}

export const NODE_SCHEDULER: Scheduler = {
  soon: (fn) => setImmediate(fn),
  after: (ms, fn) => setTimeout(fn, ms),
  cancel: (handle) => {
    clearTimeout(handle as NodeJS.Timeout);
    clearImmediate(handle as NodeJS.Immediate);
  },
};

export interface CoalescerOptions<E> {
  throttleMs: number;
  now: () => number;
  scheduler: Scheduler;
  send: (room: string, event: E) => void;
  /** Rooms remembered at most (the oldest are forgotten past it, and may send once early). */
  roomsMax?: number;
}

export interface Coalescer<E> {
  /** The room's newest update: replaces any still waiting, sent within the room's throttle. */
  update(room: string, event: E): void;
  /** An event that must reach the room (a finished candle): sent at the next flush, in order. */
  final(room: string, event: E): void;
  close(): void;
}

const ROOMS_MAX = 100_000;

export function createCoalescer<E>(options: CoalescerOptions<E>): Coalescer<E> {
  const { throttleMs, now, scheduler, send, roomsMax = ROOMS_MAX } = options;
  const pending = new Map<string, E>();
  const finals: Array<[string, E]> = [];
  const lastSentMs = new Map<string, number>();
  let scheduled: unknown;
  let isClosed = false;

  const flush = () => {
    scheduled = undefined;
    if (isClosed) return;
    const nowMs = now();
    for (const [room, event] of finals.splice(0)) send(room, event);
    let nextDueMs = Number.POSITIVE_INFINITY;
    for (const [room, event] of pending) {
      const dueMs = (lastSentMs.get(room) ?? Number.NEGATIVE_INFINITY) + throttleMs;
      if (nowMs < dueMs) {
        nextDueMs = Math.min(nextDueMs, dueMs);
        continue;
      }
      send(room, event);
      lastSentMs.set(room, nowMs);
      pending.delete(room);
    }
    if (lastSentMs.size > roomsMax) lastSentMs.clear();
    if (Number.isFinite(nextDueMs)) scheduled = scheduler.after(Math.max(1, nextDueMs - nowMs), flush);
  };
  const schedule = () => {
    if (!isClosed && scheduled === undefined) scheduled = scheduler.soon(flush);
  };

  return {
    update(room, event) {
      pending.set(room, event);
      schedule();
    },
    final(room, event) {
      finals.push([room, event]);
      schedule();
    },
    close() {
      isClosed = true;
      if (scheduled !== undefined) scheduler.cancel(scheduled);
      scheduled = undefined;
      pending.clear();
      finals.length = 0;
    },
  };
}
