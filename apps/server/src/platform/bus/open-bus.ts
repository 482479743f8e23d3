// Picks the process's message bus at start: Redis when `REDIS_URL` is set, so several processes
// share events; otherwise the in-memory bus of a single process.
import type { Logger } from '../logger';
import type { Bus } from './bus';
import { createMemoryBus } from './memory-bus';
import { createRedisBus } from './redis-bus';

export function openBus(redisUrl: string | undefined, logger: Logger): Promise<Bus> {
  return redisUrl ? createRedisBus(redisUrl, logger) : Promise.resolve(createMemoryBus(logger));
}
