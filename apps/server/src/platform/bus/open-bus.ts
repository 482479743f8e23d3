import type { Logger } from '../logger';
import type { Bus } from './bus';
import { createMemoryBus } from './memory-bus';
import { createRedisBus } from './redis-bus';

export function openBus(redisUrl: string | undefined, logger: Logger): Promise<Bus> {
  return redisUrl ? createRedisBus(redisUrl, logger) : Promise.resolve(createMemoryBus(logger));
}
