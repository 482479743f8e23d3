import type { ChildProcess } from 'node:child_process';

/** What a benchmark hands the runner: one Markdown table of its own, with its target. */
export interface BenchReport {
  title: string;
  target: string;
  /** Whether the target was met, as the benchmark judges it from its own numbers. */
  met: boolean;
  columns: string[];
  rows: Array<Array<string | number>>;
  /** One line each, printed under the table. */
  notes?: string[];
}

export type Bench = (seconds: number) => Promise<BenchReport>;

/** Progress goes to stderr, so stdout stays the Markdown to paste into docs/BENCHMARKS.md. */
export const progress = (message: string) => process.stderr.write(`  · ${message}\n`);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rejects when `promise` takes longer than `ms`: every wait of a benchmark is bounded. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The p-th percentile (0–100) of `values`, nearest rank; NaN when empty. */
export function percentile(values: Float64Array | number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

export const round = (value: number, digits = 0) =>
  Number.isFinite(value) ? Number(value.toFixed(digits)) : Number.NaN;

export const mib = (bytes: number) => round(bytes / 2 ** 20, 1);

/** Every child process a benchmark starts, ended by its pid if the runner has to give up. */
const children = new Set<ChildProcess>();

export function trackChild(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function killTrackedChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

/** Asks a child to stop (SIGTERM), then kills it if it has not exited within `ms`. */
export async function stopChild(child: ChildProcess, exited: Promise<unknown>, ms = 12_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  try {
    await within(exited, ms, `process ${child.pid} to exit`);
  } catch {
    child.kill('SIGKILL');
    await within(exited, 5_000, `process ${child.pid} to die`).catch(() => undefined);
  }
}

/** Runs `gc()` when node runs with --expose-gc (the bench script does), so heap figures are live data. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
}

/**
 * Milliseconds since the epoch with sub-millisecond resolution, comparable across processes:
 * `performance.timeOrigin` can be a few ms off the wall clock, so each process pins the monotonic
 * clock to the instant Date.now() ticks over (a spin of at most 1 ms, once).
 */
export function wallClock(): () => number {
  let wall = Date.now();
  let mono = performance.now();
  for (let spins = 0; spins < 1e7; spins++) {
    mono = performance.now();
    const next = Date.now();
    if (next !== wall) {
      wall = next;
      break;
    }
  }
  const offset = wall - mono;
  return () => performance.now() + offset;
}
