/**
 * Exact decimal strings ↔ scaled integers (minor units). Money and prices cross the wire as
 * strings ("1234.56") and live as integers in the server: this is the one place that converts.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** `12345n` at scale 2 → "123.45"; negative values keep their sign; no exponent, ever. */
export function formatScaled(value: bigint | number, scale: number): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new RangeError(`not a safe integer: ${value}`);
  }
  const big = BigInt(value);
  const isNegative = big < 0n;
  const digits = (isNegative ? -big : big).toString().padStart(scale + 1, '0');
  const whole = scale === 0 ? digits : digits.slice(0, -scale);
  const fraction = scale === 0 ? '' : `.${digits.slice(-scale)}`;
  return `${isNegative ? '-' : ''}${whole}${fraction}`;
}

export type RoundingMode = 'exact' | 'down' | 'half-up';

/**
 * "123.456" at scale 2 → 12346n with `half-up`, 12345n with `down`; `exact` (the default) refuses
 * more decimals than the scale. Throws a RangeError on anything that is not a plain decimal.
 */
export function parseScaled(text: string, scale: number, rounding: RoundingMode = 'exact'): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal number: "${text}"`);
  const [, sign, whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  const dropped = fraction.slice(scale);
  let value = BigInt(`${whole}${kept}`);
  if (/[1-9]/.test(dropped)) {
    if (rounding === 'exact') throw new RangeError(`more than ${scale} decimals: "${text}"`);
    if (rounding === 'half-up' && Number(dropped[0]) >= 5) value += 1n;
  }
  return sign ? -value : value;
}

/** Whether a string is a plain decimal with at most `scale` decimals. */
export function isDecimal(text: string, scale = Number.POSITIVE_INFINITY): boolean {
  const match = DECIMAL.exec(text.trim());
  return Boolean(match) && (match?.[3]?.length ?? 0) <= scale;
}
