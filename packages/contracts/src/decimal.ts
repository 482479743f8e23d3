import { z } from 'zod/mini';
import { decimalNumberMeta, decimalPattern } from './decimal-pattern';

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

/** No decimal a person types is longer than this; anything longer is refused before it is read. */
export const DECIMAL_TEXT_LENGTH_MAX = 40;
const UNSIGNED_DECIMAL = /^\d+(\.\d+)?$/;

export interface DecimalBounds {
  /** Digits after the point, at most. */
  scale: number;
  /** The largest value taken, inclusive, as a decimal string. */
  max: string;
  /** The smallest value taken, inclusive (default "0": no sign is ever taken). */
  min?: string;
}

/**
 * A non-negative decimal on the wire, bounded in length, scale and value: `"123.45"` (a JSON number
 * is taken too and read as its text, so `1e21` or `0.1 + 0.2` are refused rather than rounded).
 * The result is the trimmed text; the server scales it with {@link parseScaled}. Every message
 * names `label`, so a form shows it under the right control.
 */
export function ZDecimalString(label: string, bounds: DecimalBounds) {
  const { scale, max, min = '0' } = bounds;
  // Compared in units of the last decimal: exact, whatever the size.
  const maxUnits = parseScaled(max, scale);
  const minUnits = parseScaled(min, scale);
  const shape =
    scale === 0
      ? `${label} must be a whole number`
      : `${label} must be a positive number with at most ${scale} decimals`;
  const unitsOf = (text: string) => parseScaled(text, scale);
  // What the API's document states (the checks themselves are the pipe's, with their messages):
  // the digits and decimals a value can have and its range, so that what it allows is taken.
  const described = `From ${min} to ${max}, at most ${scale} decimals.`;
  return ZDecimalText(
    label,
    {
      text: { pattern: decimalPattern(bounds), description: described },
      number: { ...decimalNumberMeta(bounds), description: described },
    },
    z.regex(UNSIGNED_DECIMAL, { message: shape, abort: true }),
    z.refine((text) => isDecimal(text, scale), { message: shape, abort: true }),
    z.refine((text) => unitsOf(text) <= maxUnits, {
      message: `${label} must be at most ${max}`,
      abort: true,
    }),
    z.refine((text) => unitsOf(text) >= minUnits, { message: `${label} must be at least ${min}` }),
  );
}

/**
 * A decimal as a string or a JSON number, read as its trimmed text, refused when longer than any
 * decimal a person types, then held to `checks`. `meta` is what the API's document states of each
 * form; every message names `label`.
 */
export function ZDecimalText(
  label: string,
  meta: { text: z.core.GlobalMeta; number: z.core.GlobalMeta },
  ...checks: z.core.$ZodCheck<string>[]
) {
  return z.pipe(
    z.pipe(
      z.union([z.string().check(z.meta(meta.text)), z.number().check(z.meta(meta.number))], {
        error: `${label} must be a number written as a string`,
      }),
      z.transform((value) => String(value).trim()),
    ),
    z
      .string()
      .check(
        z.maxLength(DECIMAL_TEXT_LENGTH_MAX, { message: `${label} is too long`, abort: true }),
        ...checks,
      ),
  );
}

/**
 * A whole number within bounds, as JSON sends it or as a query string spells it (`"20"`). Unlike a
 * bare coercion it refuses `true`, `""`, `"0x10"` and `"1e3"`.
 */
export function ZWholeNumber(label: string, bounds: { min: number; max: number }) {
  const { min, max } = bounds;
  const message = `${label} must be a whole number from ${min} to ${max}`;
  // The number's bounds are on the input too, so that the API's document states them.
  const bounded = () => z.number().check(z.int(message), z.minimum(min, message), z.maximum(max, message));
  return z.pipe(
    z.pipe(
      z.union(
        [
          bounded(),
          z.string().check(
            z.trim(),
            z.regex(/^-?\d{1,20}$/, message),
            // The document's words: the digits of a number from min to max.
            z.meta(
              min >= 0 ? { pattern: decimalPattern({ scale: 0, min: String(min), max: String(max) }) } : {},
            ),
          ),
        ],
        { error: message },
      ),
      z.transform(Number),
    ),
    bounded(),
  );
}
