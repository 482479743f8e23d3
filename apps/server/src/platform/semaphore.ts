import { AppError } from './errors';

/**
 * Bounds how many of an expensive operation run at once (argon2 takes ~19 MiB and tens of ms of
 * CPU each), and how many may wait: past the queue limit a caller is refused at once with a 503
 * rather than piling up memory and latency for everyone.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrencyMax: number,
    private readonly queueLengthMax: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrencyMax) {
      if (this.waiting.length >= this.queueLengthMax) {
        throw new AppError('UNAVAILABLE', 'The server is busy, please try again in a moment', undefined, {
          retryAfterS: 1,
        });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // Hand the slot straight to the next waiter, so `running` never dips and lets a newcomer jump the queue.
      if (next) next();
      else this.running--;
    }
  }

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }
}
