import { parseScaled } from '@td/contracts/decimal';
import type { TTradingSettings } from '@td/contracts/settings';
import type { PairRow, PairsRepository } from './pairs.repository';

/**
 * A pair's limits as traders get them: its own (set per pair in the back-office) within the
 * platform-wide `trading` settings (leverage cap per pair type, minimum and maximum order).
 */
export function withTradingLimits(row: PairRow, settings: TTradingSettings): PairRow {
  const minCents = parseScaled(settings.minAmount, 2, 'half-up');
  const maxCents = parseScaled(settings.maxAmount, 2, 'half-up');
  return {
    ...row,
    maxLeverage: Math.min(row.maxLeverage, settings.maxLeverage[row.pairType]),
    minAmountCents: row.minAmountCents > minCents ? row.minAmountCents : minCents,
    maxAmountCents: row.maxAmountCents < maxCents ? row.maxAmountCents : maxCents,
  };
}

/**
 * The pairs repository as trading reads it: every pair within the trading settings, so one
 * administrator's change to the caps applies to order checks and the pair list alike.
 */
export function limitedPairs(
  repo: PairsRepository,
  tradingSettings: () => Promise<TTradingSettings>,
): PairsRepository {
  return {
    ...repo,
    async find(symbol) {
      const row = await repo.find(symbol);
      return row && withTradingLimits(row, await tradingSettings());
    },
    async all() {
      const settings = await tradingSettings();
      return (await repo.all()).map((row) => withTradingLimits(row, settings));
    },
  };
}
