/**
 * Patterns that say of a decimal string what its schema checks, for the API's document: the
 * digits, the decimals AND the greatest (and least) value, so that a string the pattern allows is a
 * value the server takes. Built digit by digit from the bound itself ("1000" → 0–999 with any
 * decimals, or 1000 with zeros after the point). Plain ASCII regular expressions, which every
 * JSON Schema tool reads.
 */

/** A whole number from 0 to `max` (digits only), written without leading zeros. */
function wholeAtMost(max: string): string {
  const alternatives = ['0'];
  if (max.length > 1) alternatives.push(`[1-9]\\d{0,${max.length - 2}}`);
  for (let i = 0; i < max.length; i++) {
    const digit = Number(max[i]);
    const lowest = i === 0 ? 1 : 0;
    if (digit > lowest) {
      const rest = max.length - i - 1;
      alternatives.push(`${max.slice(0, i)}[${lowest}-${digit - 1}]${rest ? `\\d{${rest}}` : ''}`);
    }
  }
  if (max !== '0') alternatives.push(max);
  return `(?:${[...new Set(alternatives)].join('|')})`;
}

/** Decimals (1 to `scale` digits) whose value is at most 0.`digits` (padded to `scale`). */
function fractionAtMost(digits: string, scale: number): string {
  const padded = digits.padEnd(scale, '0');
  const alternatives: string[] = [];
  for (let i = 0; i < scale; i++) {
    const digit = Number(padded[i]);
    const rest = scale - i - 1;
    if (digit > 0) alternatives.push(`${padded.slice(0, i)}[0-${digit - 1}]${rest ? `\\d{0,${rest}}` : ''}`);
    alternatives.push(padded.slice(0, i + 1));
  }
  return `(?:${[...new Set(alternatives)].join('|')})`;
}

/** An unsigned decimal with at most `scale` decimals and a value of at most `max` (no anchors). */
export function decimalAtMostSource(max: string, scale: number): string {
  const [rawWhole = '0', fraction = ''] = max.split('.');
  const whole = rawWhole.replace(/^0+(?=\d)/, '');
  const anyFraction = scale > 0 ? `(?:\\.\\d{1,${scale}})?` : '';
  const below = whole === '0' ? undefined : wholeBelow(whole);
  const atWhole = scale > 0 ? `${whole}(?:\\.${fractionAtMost(fraction, scale)})?` : whole;
  return `(?:${below ? `${below}${anyFraction}|` : ''}${atWhole})`;
}

/** A whole number from 0 to `whole` - 1 (whole > 0), without leading zeros. */
function wholeBelow(whole: string): string {
  const digits = [...whole].map(Number);
  // whole - 1, digit by digit (borrowing), then without the leading zero it may leave.
  let i = digits.length - 1;
  while (digits[i] === 0) digits[i--] = 9;
  digits[i] = (digits[i] ?? 1) - 1;
  return wholeAtMost(digits.join('').replace(/^0+(?=\d)/, ''));
}

/** The same value written with any number of zeros after it ("5", "5.0", "5.00"). */
function exactly(value: string, scale: number): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const kept = fraction.replace(/0+$/, '');
  if (scale === 0) return whole;
  return kept ? `${whole}\\.${kept}0{0,${scale - kept.length}}` : `${whole}(?:\\.0{1,${scale}})?`;
}

/** `^…$`: an unsigned decimal from `min` to `max` with at most `scale` decimals. */
export function decimalPattern(bounds: { scale: number; max: string; min?: string }): string {
  const { scale, max, min = '0' } = bounds;
  const atMostMax = decimalAtMostSource(max, scale);
  if (!/[1-9]/.test(min)) return `^${atMostMax}$`;
  // Not below the least: not at most it, unless it is it.
  const belowMin = `(?!${exactly(min, scale)}$)${decimalAtMostSource(min, scale)}$`;
  return `^(?!${belowMin})${atMostMax}$`;
}

/** `^…$`: a decimal from -`limit` to `limit` with at most `scale` decimals (a minus sign allowed). */
export function signedDecimalPattern(limit: string, scale: number): string {
  return `^-?${decimalAtMostSource(limit, scale)}$`;
}

/**
 * What the document says of a decimal sent as a JSON number (read as its text): its range, and
 * its decimals as `multipleOf`; below 0.000001 a number's text is in exponent form (`1e-7`), which
 * is refused, so with more than 6 decimals the numbers between 0 and 0.000001 are excluded.
 */
export function decimalNumberMeta(bounds: { scale: number; max: string; min?: string }) {
  const { scale, max, min = '0' } = bounds;
  return {
    minimum: Number(min),
    maximum: Number(max),
    multipleOf: Number(`1e-${scale}`),
    ...(scale > 6 ? { not: { exclusiveMinimum: 0, exclusiveMaximum: 0.000001 } } : {}),
  };
}
