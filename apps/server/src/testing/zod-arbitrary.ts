import fc from 'fast-check';
import { z } from 'zod';
import { patternArbitrary } from './pattern-arbitrary';

/**
 * fast-check arbitraries derived from zod schemas, for contract fuzzing: values a schema takes
 * (`validOf`), and values it should refuse without harm (`hostile`). The walk reads zod 4's own
 * definitions (`schema._zod.def`): object shapes, string lengths and patterns, number ranges,
 * enums, unions, optional and default values, and pipes (a transform's output side when it is a
 * plain value, as in `ZWholeNumber` and `ZDecimalString`).
 */

type Def = { type: string; [key: string]: unknown };
type Check = { check: string; [key: string]: unknown };

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] =>
  ((def.checks as Array<{ _zod: { def: Check } }> | undefined) ?? []).map((check) => check._zod.def);

/** Characters, at most, of a string with no maximum of its own. */
const STRING_LENGTH_DEFAULT_MAX = 40;
/** Keys and items, at most, of records and arrays with no maximum of their own. */
const COLLECTION_SIZE_DEFAULT_MAX = 4;
const DEPTH_MAX = 6;

/** Whether a schema (through optional, nullable, default and pipes) ends in a plain value. */
function isPlain(schema: unknown): boolean {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type))
    return isPlain(def.innerType);
  if (def.type === 'pipe') return isPlain(def.out);
  return ['string', 'number', 'boolean', 'enum', 'literal', 'null'].includes(def.type);
}

function stringOf(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let minLength = 0;
  let maxLength: number | undefined;
  const patterns: RegExp[] = [];
  if (def.pattern instanceof RegExp) patterns.push(def.pattern);
  for (const check of checks) {
    if (check.check === 'min_length') minLength = Math.max(minLength, Number(check.minimum));
    if (check.check === 'max_length') maxLength = Math.min(maxLength ?? Infinity, Number(check.maximum));
    if (check.check === 'length_equals') minLength = maxLength = Number(check.length);
    if (check.check === 'string_format' && check.pattern instanceof RegExp) patterns.push(check.pattern);
  }
  if (def.format === 'url') return fc.webUrl().filter((url) => url.length <= (maxLength ?? 2048));
  const max = maxLength ?? Math.max(minLength, STRING_LENGTH_DEFAULT_MAX);
  // A pattern bounds its own length; only a declared maximum is checked.
  // Zod counts a string's length in code points (a character outside the BMP is one, not two).
  const lengthOf = (text: string) => [...text].length;
  const fits = (text: string) =>
    lengthOf(text) >= minLength &&
    lengthOf(text) <= (maxLength ?? Number.POSITIVE_INFINITY) &&
    patterns.every((pattern) => pattern.test(text));
  // Zod trims before it counts (an `overwrite`): what is generated is what it will check.
  const isTrimmed = checks.some((check) => check.check === 'overwrite');
  // The last pattern is the most particular (an address of a given provider, not any address).
  for (const pattern of [...patterns].reverse()) {
    try {
      // Cut to the declared maximum rather than filtered: a filter that never passes never ends.
      // fast-check reads no flags but `u`; a match without `i` is a match with it.
      const readable = new RegExp(pattern.source, pattern.flags.replace(/[^u]/g, ''));
      // Trimmed and cut as zod will read it, then held to the lengths and every pattern (the
      // safe-text pattern allows text of any length, the schema's minimum does not).
      return patternArbitrary(readable, 'small')
        .map((text) => (isTrimmed ? text.trim() : text))
        .map((text) => (maxLength === undefined ? text : [...text].slice(0, maxLength).join('')))
        .filter(fits);
    } catch {
      // A pattern fast-check cannot generate from (unicode property classes): the next, or any text.
    }
  }
  // The shortest and the longest allowed, and anything in between, in any script.
  const length = (n: number) => fc.string({ minLength: n, maxLength: n, unit: 'grapheme-ascii' });
  return fc
    .oneof(
      { arbitrary: fc.string({ minLength, maxLength: max, unit: 'grapheme' }), weight: 3 },
      { arbitrary: fc.string({ minLength, maxLength: max }), weight: 3 },
      { arbitrary: length(minLength), weight: 1 },
      { arbitrary: length(max), weight: 1 },
    )
    .map((text) => (isTrimmed ? text.trim() : text))
    .filter(fits);
}

function numberOf(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const isInteger = checks.some(
    (check) => check.check === 'number_format' && String(check.format).includes('int'),
  );
  let min = -Number.MAX_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  let isMinExcluded = false;
  let isMaxExcluded = false;
  for (const check of checks) {
    const value = Number(check.value);
    if (check.check === 'greater_than' && value >= min) [min, isMinExcluded] = [value, !check.inclusive];
    if (check.check === 'less_than' && value <= max) [max, isMaxExcluded] = [value, !check.inclusive];
  }
  if (isInteger) {
    const low = isMinExcluded ? Math.floor(min) + 1 : Math.ceil(min);
    const high = isMaxExcluded ? Math.ceil(max) - 1 : Math.floor(max);
    // Both bounds, as often as not: where off-by-one mistakes live.
    return fc.oneof(
      { arbitrary: fc.integer({ min: low, max: high }), weight: 3 },
      fc.constantFrom(low, high),
    );
  }
  const values = fc.double({
    min,
    max,
    minExcluded: isMinExcluded,
    maxExcluded: isMaxExcluded,
    noNaN: true,
    noDefaultInfinity: true,
  });
  const bounds = [isMinExcluded ? undefined : min, isMaxExcluded ? undefined : max].filter(
    (bound): bound is number => bound !== undefined,
  );
  return bounds.length ? fc.oneof({ arbitrary: values, weight: 3 }, fc.constantFrom(...bounds)) : values;
}

/** The plain stages of a pipe, outermost first: each is a shape the input may take. */
function plainStagesOf(schema: unknown): unknown[] {
  const def = defOf(schema);
  if (def.type !== 'pipe') return isPlain(schema) ? [schema] : [];
  return [...plainStagesOf(def.out), ...plainStagesOf(def.in)];
}

/** Values the schema takes (or, where a refinement or transform decides, values close to them). */
export function validOf(schema: z.core.$ZodType | unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > DEPTH_MAX) return fc.constant(null);
  // A contract's own examples (`.meta({ examples })`) pass the rules a walk cannot see (an address
  // of the chosen network's shape): mostly those, sometimes values of the walk.
  const examples = z.globalRegistry.get(schema as z.core.$ZodType)?.examples;
  const walked = walk(schema, depth);
  return Array.isArray(examples) && examples.length > 0
    ? fc.oneof({ arbitrary: fc.constantFrom(...examples), weight: 3 }, { arbitrary: walked, weight: 1 })
    : walked;
}

function walk(schema: unknown, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (child: unknown) => validOf(child, depth + 1);
  switch (def.type) {
    case 'string':
      return stringOf(def);
    case 'number':
      return numberOf(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner(def.innerType);
    case 'pipe': {
      // A transform that only normalises (trim, case, text to number) keeps a stage's shape: any
      // plain stage is a way to write the input (a provider's address, a whole number as text).
      const stages = plainStagesOf(schema);
      return stages.length ? fc.oneof(...stages.map(inner)) : inner(def.in);
    }
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'array': {
      const checks = checksOf(def);
      const min = Number(checks.find((c) => c.check === 'min_length')?.minimum ?? 0);
      const max = Number(
        checks.find((c) => c.check === 'max_length')?.maximum ?? COLLECTION_SIZE_DEFAULT_MAX,
      );
      return fc.array(inner(def.element), {
        minLength: min,
        maxLength: Math.min(max, min + COLLECTION_SIZE_DEFAULT_MAX),
      });
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const optional = (child: unknown) => ['optional', 'default', 'prefault'].includes(defOf(child).type);
      const arbitraries = Object.fromEntries(
        Object.entries(shape).map(([key, child]) => [key, inner(child)]),
      );
      return fc.record(arbitraries, {
        requiredKeys: Object.keys(shape).filter((key) => !optional(shape[key])),
      });
    }
    case 'record':
      return fc.dictionary(inner(def.keyType) as fc.Arbitrary<string>, inner(def.valueType), {
        maxKeys: COLLECTION_SIZE_DEFAULT_MAX,
      });
    default:
      // unknown, any, transform: any JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const CONTROLS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u2028',
  '\u202e',
  '\u2066',
];

/** A valid-looking value with a control character (NUL first of all) put somewhere in it. */
export const withControl = (text: string): fc.Arbitrary<string> =>
  fc
    .tuple(fc.nat({ max: text.length }), fc.constantFrom(...CONTROLS))
    .map(([at, control]) => `${text.slice(0, at)}${control}${text.slice(at)}`);

/** Values no bounded contract takes: wrong types, huge and odd numbers, huge and broken text. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.1 + 0.2,
    '',
    ' ',
    '9'.repeat(40),
    '9'.repeat(400),
    '-9'.repeat(20),
    '1e400',
    'NaN',
    'Infinity',
    '0x10',
    '1_000',
    '１２３',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff\ud800',
    '\u202egnp.exe',
    '👩‍👩‍👧‍👦'.repeat(50),
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '%00',
    '../../etc/passwd',
    '\\',
    '%',
    '_',
    '{{7*7}}',
    `$${'{'}7*7}`,
    '__proto__',
    'constructor',
    'x'.repeat(100_000),
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);

/** Nested arrays and objects `depth` deep, as raw JSON (too deep for any schema). */
export const deepJson = (depth: number, kind: 'array' | 'object') =>
  kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Hostile whole values of a JSON body, as raw text (prototype keys must not be parsed first). */
export const hostileBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'null',
    'true',
    '0',
    '"text"',
    '[]',
    '{}',
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '\u0000',
    deepJson(10_000, 'array'),
    deepJson(10_000, 'object'),
    deepJson(60, 'object'),
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"__proto__":null}',
    `[${'1,'.repeat(50_000)}1]`,
    `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`,
  ),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
  fc.string({ unit: 'binary', maxLength: 200 }),
);
