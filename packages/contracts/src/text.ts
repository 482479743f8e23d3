import { z } from 'zod/mini';

/**
 * Text as people type it. Every string a client sends has a length and a character set: control
 * characters (NUL breaks PostgreSQL's text, the others are never typed), lone surrogates (not
 * Unicode at all), and the bidirectional overrides that make a name read other than it is stored
 * are refused with a message naming the field, never passed on to the database.
 */

// U+0000–001F, U+007F–009F: the C0, DEL and C1 controls; U+D800–DFFF: a surrogate standing alone
// (a pair is one code point under the `u` flag); U+2028/2029 end a line without looking like it;
// U+202A–E and U+2066–9 are the bidirectional embeddings, overrides and isolates. Written as ranges
// rather than Unicode properties, so that the JSON Schema of the API carries a pattern every
// schema tool can read.
export const SINGLE_LINE_PATTERN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to refuse them.
  /^[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF\u2028\u2029\u202A-\u202E\u2066-\u2069]*$/u;
// The same, but tabs and line breaks are part of a message (and U+2028/2029 are line breaks).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to refuse them.
const MULTI_LINE = /^(?:[\t\n\r]|[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF\u202A-\u202E\u2066-\u2069])*$/u;

/**
 * Said in the document of a text the server trims: it neither starts nor ends with white space
 * (what JavaScript's `trim` and `\s` take away), so that the lengths it states are the lengths
 * the server counts.
 */
export const UNTRIMMED_NOT = '^(?!\\s)(?![\\s\\S]*\\s$)';

/** Whether a text has none of the characters {@link ZSafeText} refuses (single line, or with line breaks). */
export const isSafeText = (text: string, options: { isMultiline?: boolean } = {}): boolean =>
  (options.isMultiline ? MULTI_LINE : SINGLE_LINE_PATTERN).test(text);

export interface SafeTextOptions {
  /** Characters at most, after trimming. */
  max: number;
  /** Characters at least, after trimming (default 0). */
  min?: number;
  /** Tabs and line breaks are allowed (a message, a reason); otherwise one line. */
  isMultiline?: boolean;
  /** What is said when the text is shorter than `min` ("Write a message"). */
  minMessage?: string;
  /** What is said when the text is longer than `max`. */
  maxMessage?: string;
}

/** Free text: trimmed, `min`..`max` characters, no control characters (see the file's comment). */
export function ZSafeText(label: string, options: SafeTextOptions) {
  const { min = 0, max, isMultiline = false } = options;
  return z.string({ error: `${label} must be text` }).check(
    z.trim(),
    z.minLength(
      min,
      options.minMessage ??
        (min <= 1 ? `Enter the ${label.toLowerCase()}` : `${label} must be at least ${min} characters`),
    ),
    z.maxLength(max, {
      message: options.maxMessage ?? `${label} must be at most ${max} characters`,
      abort: true,
    }),
    z.regex(isMultiline ? MULTI_LINE : SINGLE_LINE_PATTERN, `${label} must not contain control characters`),
    // The document's pattern: what is sent already trimmed (its length is then what is counted).
    z.meta({
      pattern: `${UNTRIMMED_NOT}${(isMultiline ? MULTI_LINE : SINGLE_LINE_PATTERN).source.slice(1)}`,
    }),
  );
}

/** A person's name: letters of any script with their accents, spaces, and . , ' ’ - between them. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}]+(?:[\p{L}\p{M} .,'’-]*[\p{L}\p{M}.])?$/u;

export function ZPersonName(label: string, options: { max: number; minMessage?: string }) {
  return z
    .string({ error: `${label} must be text` })
    .check(
      z.trim(),
      z.minLength(1, options.minMessage ?? `Enter your ${label.toLowerCase()}`),
      z.maxLength(options.max, `${label} must be at most ${options.max} characters`),
      z.regex(PERSON_NAME_PATTERN, `${label} may only contain letters, spaces, and . , ' -`),
    );
}

/**
 * A machine-made string a client hands back as it got it (a link's token, an OAuth code, a
 * transaction hash): printable ASCII without spaces, `max` characters at most.
 */
export const OPAQUE_TOKEN_PATTERN = /^[\x21-\x7E]+$/;

export function ZOpaqueToken(label: string, options: { max: number; min?: number; pattern?: RegExp }) {
  const { min = 1, max } = options;
  return z
    .string({ error: `${label} must be text` })
    .check(
      z.minLength(min, `${label} is missing`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      z.regex(options.pattern ?? OPAQUE_TOKEN_PATTERN, `${label} is not valid`),
    );
}
