// Simulated prices, for pairs with no live feed and for the chart history a pair lacks: a seeded
// random walk per pair (fat-tailed steps scaled to its volatility, a weak pull to its reference
// price) and candles built from it, with no bars while its market is closed. The same seed always
// gives the same prices.
import type { TPairType } from '@td/contracts/statuses';
import { DAY_MS, HOUR_MS } from '../../platform/time-units';
import type { CataloguePair } from '../pairs/catalogue';
import type { Candle } from './candle-builder';
import { isMarketOpen } from './market-hours';
import { createRng, hashSeed } from './rng';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;
/** Degrees of freedom of the Student-t moves: fat tails, finite variance. */
const TAIL_DEGREES = 4;
/** A weak pull toward the reference price (per year), so a simulated year stays believable. */
const REVERSION_PER_YEAR = 0.6;
const VOLUME_NOISE = 0.5;

/** What the simulator needs to know of a pair. */
export type SimPair = Pick<
  CataloguePair,
  'symbol' | 'pairType' | 'pricePrecision' | 'referencePrice' | 'annualVolatility' | 'dailyVolumeUsd'
>;

/**
 * One pair's price as a random walk in log space: drift-free Student-t steps scaled to the pair's
 * volatility, with mild mean reversion. Deterministic: the same seed and the same steps give the
 * same prices.
 */
export class PricePath {
  private logPrice: number;
  private readonly logReference: number;
  private readonly rng;
  readonly scale: number;

  constructor(
    readonly pair: SimPair,
    seed: number,
    startPrice = pair.referencePrice,
  ) {
    this.rng = createRng(seed);
    this.logPrice = Math.log(startPrice);
    this.logReference = Math.log(pair.referencePrice);
    this.scale = 10 ** pair.pricePrecision;
  }

  get price(): number {
    return Math.exp(this.logPrice);
  }

  /** The price in the pair's minor units. */
  get scaledPrice(): number {
    return Math.max(1, Math.round(this.price * this.scale));
  }

  /** Moves the price on by `dtMs`; returns the USD volume traded meanwhile. */
  step(dtMs: number): number {
    const years = dtMs / YEAR_MS;
    const sigma = this.pair.annualVolatility;
    const pull = REVERSION_PER_YEAR * (this.logReference - this.logPrice) * years;
    this.logPrice +=
      pull - 0.5 * sigma * sigma * years + sigma * Math.sqrt(years) * this.rng.studentT(TAIL_DEGREES);
    const noise = Math.exp(VOLUME_NOISE * this.rng.normal() - 0.5 * VOLUME_NOISE * VOLUME_NOISE);
    return (this.pair.dailyVolumeUsd * dtMs * noise) / DAY_MS;
  }

  /** A random fraction of the spread, for a little bid/ask jitter. */
  jitter(): number {
    return this.rng.next();
  }
}

export const pathSeed = (marketSeed: number, symbol: string, fromMs: number) =>
  hashSeed(marketSeed, symbol, fromMs);

/**
 * Simulates bars of `barMs` from `fromMs` to `toMs` (bucket starts), each made of `steps` moves;
 * bars when the market is closed are skipped (a gap, as on a real chart) and the price rests.
 */
export function simulateBars(
  path: PricePath,
  pairType: TPairType,
  fromMs: number,
  toMs: number,
  barMs: number,
  steps: number,
): Candle[] {
  const bars: Candle[] = [];
  const stepMs = barMs / steps;
  const isAlwaysOpen = pairType === 'crp';
  for (let t = fromMs; t < toMs; t += barMs) {
    let checkEachStep = false;
    if (!isAlwaysOpen) {
      const isOpenAtStart = isMarketOpen(pairType, t);
      const isOpenAtEnd = isMarketOpen(pairType, t + barMs - 1);
      // A short bar closed at both ends is closed throughout; a long one (a day) may hold a session.
      if (!isOpenAtStart && !isOpenAtEnd && barMs <= HOUR_MS) continue;
      checkEachStep = !(isOpenAtStart && isOpenAtEnd);
    }
    const open = path.scaledPrice;
    let high = open;
    let low = open;
    let volume = 0;
    let movedSteps = 0;
    for (let i = 0; i < steps; i++) {
      if (checkEachStep && !isMarketOpen(pairType, t + i * stepMs)) continue;
      movedSteps++;
      volume += path.step(stepMs);
      const price = path.scaledPrice;
      if (price > high) high = price;
      if (price < low) low = price;
    }
    if (movedSteps === 0) continue;
    bars.push({ t, o: open, h: high, l: low, c: path.scaledPrice, v: Math.round(volume) });
  }
  return bars;
}
