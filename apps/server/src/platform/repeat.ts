// A job run again and again until it is stopped: each run once the one before has ended, or on
// a fixed beat that skips a beat while a run still works.
import type { Logger } from './logger';
import { markLoopWork } from './loop-blocks';

/**
 * Runs `run` after `firstDelayMs` (at once without one), then again `nextDelayMs()` after each run
 * has ended, a failed one logged as `failure` (the next one tries again). A timed run's work is put
 * down to `name` (loop-blocks.ts). The returned function stops the runs and waits for the one in
 * progress. The timers hold no process open.
 */
export function repeatRuns(job: {
  name: string;
  run: () => Promise<unknown>;
  logger: Logger;
  failure: string;
  firstDelayMs?: number;
  nextDelayMs: () => number;
}): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let isStopped = false;
  const runNow = () => {
    running = job
      .run()
      .catch((error: unknown) => job.logger.error({ err: error }, job.failure))
      .finally(() => {
        if (!isStopped) schedule(job.nextDelayMs());
      });
  };
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      markLoopWork(job.name);
      runNow();
    }, delayMs);
    timer.unref();
  };
  if (job.firstDelayMs === undefined) runNow();
  else schedule(job.firstDelayMs);
  return async () => {
    isStopped = true;
    clearTimeout(timer);
    await running;
  };
}

/**
 * Runs `run` every `everyMs`, skipping a beat while the last run still works (a run that outlasts
 * the beat is not queued behind itself), a failed one logged as `failure` (the next beat tries
 * again). The timer holds no process open; `clearInterval` on it stops the beats.
 */
export function everyBeat(job: {
  everyMs: number;
  run: () => Promise<void>;
  logger: Logger;
  failure: string;
}): NodeJS.Timeout {
  let isRunning = false;
  const beat = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      await job.run();
    } catch (error) {
      job.logger.warn({ err: error }, job.failure);
    } finally {
      isRunning = false;
    }
  };
  const timer = setInterval(() => void beat(), job.everyMs);
  timer.unref();
  return timer;
}
