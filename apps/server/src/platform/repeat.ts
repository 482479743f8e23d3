// A job run again and again, each run once the one before has ended, until it is stopped.
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
