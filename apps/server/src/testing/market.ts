import pino from 'pino';
import { createMarketEngine } from '../modules/market/market-engine';
import type { TestApp } from './build-test-app';

/**
 * The market engine on a test app's database and bus, seeded (42) and silent unless given a
 * logger, started and ready: every pair in `symbols` has a price. Returns what stops it.
 */
export async function startTestMarket(
  t: TestApp,
  options: Omit<Parameters<typeof createMarketEngine>[0], 'db' | 'bus' | 'logger' | 'marketSeed'> & {
    logger?: Parameters<typeof createMarketEngine>[0]['logger'];
  },
): Promise<() => Promise<void>> {
  const engine = createMarketEngine({
    db: t.deps.db,
    bus: t.deps.bus,
    logger: pino({ level: 'silent' }),
    marketSeed: 42,
    ...options,
  });
  const stop = await engine.start();
  await engine.ready();
  return stop;
}
