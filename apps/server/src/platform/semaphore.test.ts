import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { Semaphore } from './semaphore';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Semaphore', () => {
  it('never runs more tasks at once than its concurrency', async () => {
    const semaphore = new Semaphore(2, 100);
    let current = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        semaphore.run(async () => {
          current++;
          peak = Math.max(peak, current);
          await tick();
          current--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(semaphore.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('runs waiters in arrival order', async () => {
    const semaphore = new Semaphore(1, 10);
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => semaphore.run(async () => void order.push(n))));
    expect(order).toEqual([1, 2, 3]);
  });

  it('refuses at once with a 503 when the queue is full', async () => {
    const semaphore = new Semaphore(1, 1);
    const first = semaphore.run(tick);
    const second = semaphore.run(tick);
    const third = semaphore.run(tick);
    await expect(third).rejects.toBeInstanceOf(AppError);
    await expect(third).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });
    await Promise.all([first, second]);
  });

  it('frees the slot when a task throws', async () => {
    const semaphore = new Semaphore(1, 1);
    await expect(semaphore.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(semaphore.run(async () => 'ok')).resolves.toBe('ok');
  });
});
