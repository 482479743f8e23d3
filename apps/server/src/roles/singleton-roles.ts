import type { TRoleName } from '../config';
import type { Logger } from '../platform/logger';
import type { SingletonWork } from '../platform/singleton';
import type { Worker } from '../platform/worker';

/** Advisory lock keys: one per singleton role, fixed forever, so every version agrees on them. */
export const ROLE_LOCK_KEYS = { market: 7_200_101, chain: 7_200_102 } as const satisfies Partial<
  Record<TRoleName, number>
>;

/**
 * A singleton role is its workers, started in order and stopped in reverse. Modules add their
 * workers to the role's list as they arrive (market: feed, candles, triggers; chain: watchers, sender).
 */
export function singletonRole(
  name: keyof typeof ROLE_LOCK_KEYS,
  workers: Worker[],
  logger: Logger,
): SingletonWork {
  return {
    name,
    lockKey: ROLE_LOCK_KEYS[name],
    async start() {
      const stops: Array<() => Promise<void>> = [];
      try {
        for (const worker of workers) {
          stops.push(await worker.start());
          logger.debug({ role: name, worker: worker.name }, 'worker started');
        }
      } catch (error) {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
        throw error;
      }
      return async () => {
        for (const stop of stops.reverse()) {
          await stop().catch((error: unknown) =>
            logger.error({ err: error, role: name }, 'worker failed to stop'),
          );
        }
      };
    },
  };
}
