// What holds the event loop: when LOOP_BLOCKS_FILE is set, every callback the loop runs (timers,
// sockets, the database thread's answers, promise continuations) is timed, named by the job or
// route that started its chain, and the longest, with the loop delay's histogram, are written to
// that file every few seconds and at shutdown. Timing starts at the process's first SIGUSR2 (a
// benchmark sends it when its load begins: timing every callback slows a first start's history),
// and each further SIGUSR2 starts a fresh window. Off (the default) it costs nothing.
import { createHook, executionAsyncId } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BoundedMap } from './bounded';

/** Callbacks shorter than this are not worth naming. */
const RECORD_FROM_MS = 5;
/** Longest blocks kept, and the labels' totals reported. */
const TOP_BLOCKS = 20;
const TOP_LABELS = 15;
const WRITE_EVERY_MS = 5_000;
/** Labels of live async resources; a resource is forgotten when destroyed, or as the oldest beyond this. */
const LABELS_MAX = 200_000;
/** Distinct labels totalled (routes, jobs, resource types: a few dozen in practice). */
const LABEL_TOTALS_MAX = 1_000;

export interface LoopBlock {
  ms: number;
  label: string;
  /** The async resource type whose callback it was (Timeout, MESSAGEPORT, PROMISE, TCPWRAP, …). */
  type: string;
  atMs: number;
}

export interface LoopBlocksReport {
  /** Seconds recorded. */
  seconds: number;
  delayMs: { p50: number; p99: number; max: number };
  longest: LoopBlock[];
  /** Per label: callbacks of at least RECORD_FROM_MS, their total and longest time. */
  byLabel: Array<{ label: string; count: number; totalMs: number; maxMs: number }>;
}

let recorder: { label(name: string): void } | undefined;

/**
 * Names what the current callback starts: everything it schedules (timers, promises, queries)
 * carries the name, so a long block later in the chain is put down to it. A no-op unless recording.
 */
export function markLoopWork(name: string): void {
  recorder?.label(name);
}

export function isRecordingLoopBlocks(): boolean {
  return recorder !== undefined;
}

/** Starts recording into `file`; the returned function writes the last report and stops. */
export function recordLoopBlocks(file: string): () => void {
  let startedMs = Date.now();
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const labels = new BoundedMap<number, string>(LABELS_MAX);
  const types = new BoundedMap<number, string>(LABELS_MAX);
  const started: Array<{
    id: number;
    at: number;
    heaviest: { ms: number; label: string; type: string } | undefined;
  }> = [];
  const longest: LoopBlock[] = [];
  const byLabel = new BoundedMap<string, { count: number; totalMs: number; maxMs: number }>(LABEL_TOTALS_MAX);

  const note = (block: LoopBlock) => {
    const total = byLabel.get(block.label) ?? { count: 0, totalMs: 0, maxMs: 0 };
    total.count++;
    total.totalMs += block.ms;
    total.maxMs = Math.max(total.maxMs, block.ms);
    byLabel.set(block.label, total);
    if (longest.length < TOP_BLOCKS || block.ms > (longest.at(-1)?.ms ?? 0)) {
      longest.push(block);
      longest.sort((a, b) => b.ms - a.ms);
      longest.length = Math.min(longest.length, TOP_BLOCKS);
    }
  };

  const hook = createHook({
    init(asyncId, type, triggerAsyncId) {
      const inherited = labels.get(executionAsyncId()) ?? labels.get(triggerAsyncId);
      labels.set(asyncId, inherited ?? type);
      types.set(asyncId, type);
    },
    before(asyncId) {
      started.push({ id: asyncId, at: performance.now(), heaviest: undefined });
    },
    after(asyncId) {
      const entry = started.pop();
      if (!entry || entry.id !== asyncId) {
        started.length = 0;
        return;
      }
      const ms = performance.now() - entry.at;
      // A callback run inside another (microtasks drained inside a timer's or a socket's turn)
      // names the whole block when it took most of it; only the outermost is one block.
      const own = { ms, label: labels.get(asyncId) ?? 'unknown', type: types.get(asyncId) ?? 'unknown' };
      const named = entry.heaviest && entry.heaviest.ms >= ms / 2 ? { ...entry.heaviest, ms } : own;
      const parent = started.at(-1);
      if (parent) {
        if (!parent.heaviest || named.ms > parent.heaviest.ms) parent.heaviest = named;
        return;
      }
      if (ms >= RECORD_FROM_MS)
        note({ ms: Math.round(ms * 10) / 10, label: named.label, type: named.type, atMs: Date.now() });
    },
    destroy(asyncId) {
      labels.delete(asyncId);
      types.delete(asyncId);
    },
    promiseResolve() {},
  });

  const report = (): LoopBlocksReport => ({
    seconds: Math.round((Date.now() - startedMs) / 1000),
    delayMs: {
      p50: Math.round(histogram.percentile(50) / 1e5) / 10,
      p99: Math.round(histogram.percentile(99) / 1e5) / 10,
      max: Math.round(histogram.max / 1e5) / 10,
    },
    longest: [...longest],
    byLabel: [...byLabel]
      .map(([label, total]) => ({ label, ...total, totalMs: Math.round(total.totalMs) }))
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, TOP_LABELS),
  });
  const reset = () => {
    hook.enable();
    startedMs = Date.now();
    histogram.reset();
    longest.length = 0;
    byLabel.clear();
  };
  process.on('SIGUSR2', reset);
  const write = () => writeFileSync(file, `${JSON.stringify(report(), null, 2)}\n`);

  recorder = {
    label(name) {
      labels.set(executionAsyncId(), name);
    },
  };
  const timer = setInterval(write, WRITE_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    process.off('SIGUSR2', reset);
    hook.disable();
    histogram.disable();
    recorder = undefined;
    write();
  };
}
