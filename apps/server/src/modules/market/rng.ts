// Deterministic randomness for the market simulator: the same seed gives the same prices on every
// run and every machine, which Math.random cannot promise.

export interface Rng {
  /** Uniform in [0, 1), in steps of 2^-32. */
  next(): number;
  /** Standard normal: mean 0, variance 1. */
  normal(): number;
  /**
   * Student's t with `degrees` degrees of freedom, for fat-tailed returns. Scaled to unit variance
   * when `degrees` > 2, so only the tails change with it; below that the variance is infinite and
   * the draw is left unscaled.
   */
  studentT(degrees: number): number;
  /** Uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
}

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const UINT32_RANGE = 2 ** 32;
/** Outputs thrown away after seeding, as sfc32's author advises, so close seeds part ways at once. */
const WARM_UP_DRAWS = 12;
/** The polar method accepts π/4 of its tries; missing 200 in a row has odds below 1e-133. */
const POLAR_TRIES_MAX = 200;

/**
 * A 32-bit FNV-1a hash of the parts, to derive a seed per pair or per stream from one base seed.
 * Each part is tagged with its type and ended with a separator, so `('ab', 'c')`, `('a', 'bc')`
 * and `(1)` versus `('1')` all hash apart.
 */
export function hashSeed(...parts: Array<string | number>): number {
  let hash = FNV_OFFSET_BASIS;
  const mix = (byte: number) => {
    hash = Math.imul(hash ^ byte, FNV_PRIME);
  };
  for (const part of parts) {
    mix(typeof part === 'number' ? 0x01 : 0x02);
    const text = String(part);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      mix(code & 0xff);
      mix(code >>> 8);
    }
    mix(0xff);
  }
  return hash >>> 0;
}

export function createRng(seed: number): Rng {
  if (!Number.isInteger(seed)) throw new RangeError(`Seed must be an integer, got ${seed}`);
  // splitmix32 spreads one 32-bit seed over sfc32's 128 bits of state, so seeds 1 and 2 do not
  // start from nearly equal states.
  let splitState = seed | 0;
  const splitmix32 = () => {
    splitState = (splitState + 0x9e3779b9) | 0;
    let z = splitState;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
  let a = splitmix32();
  let b = splitmix32();
  let c = splitmix32();
  let d = splitmix32();

  // sfc32: small and fast, passes PractRand, and needs only 32-bit integer arithmetic.
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < WARM_UP_DRAWS; i++) nextUint32();

  const next = () => nextUint32() / UINT32_RANGE;

  // Box–Muller yields two independent normals per pair of uniforms; the second waits here.
  let spareNormal: number | undefined;
  const normal = (): number => {
    if (spareNormal !== undefined) {
      const spare = spareNormal;
      spareNormal = undefined;
      return spare;
    }
    // 1 - next() lies in (0, 1], so the logarithm stays finite.
    const radius = Math.sqrt(-2 * Math.log(1 - next()));
    const angle = 2 * Math.PI * next();
    spareNormal = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };

  const studentT = (degrees: number): number => {
    if (!(degrees > 0) || !Number.isFinite(degrees)) {
      throw new RangeError(`Degrees of freedom must be positive, got ${degrees}`);
    }
    // Bailey's polar method: exact for any degrees, one uniform pair per try, no gamma draws.
    for (let i = 0; i < POLAR_TRIES_MAX; i++) {
      const u = 2 * next() - 1;
      const v = 2 * next() - 1;
      const w = u * u + v * v;
      if (w === 0 || w >= 1) continue;
      const t = u * Math.sqrt((degrees * (w ** (-2 / degrees) - 1)) / w);
      return degrees > 2 ? t * Math.sqrt((degrees - 2) / degrees) : t;
    }
    throw new Error('The random source looks broken: no point fell in the unit disc');
  };

  const int = (maxExclusive: number): number => {
    if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > UINT32_RANGE) {
      throw new RangeError(`maxExclusive must be an integer from 1 to 2^32, got ${maxExclusive}`);
    }
    // The bias of scaling is below maxExclusive / 2^32: unseen at the small ranges a simulator draws.
    return Math.floor(next() * maxExclusive);
  };

  return { next, normal, studentT, int };
}
