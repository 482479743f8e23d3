/**
 * The document's patterns, written so that every JSON Schema tool can read them. The contracts
 * check some text with Unicode property escapes (`\p{L}`: a letter of any script), which
 * JavaScript reads but Python's `re`, randexp (json-schema-faker) and most generators do not. The
 * document carries each such character class spelled out as the ranges of the Basic Multilingual
 * Plane it matches (computed from the class itself, by the running engine's Unicode tables): a
 * value the document's pattern allows, the server's own pattern allows too. The server still
 * checks with its own pattern, which also takes the few letters beyond U+FFFF (historic scripts,
 * rare CJK ideographs) that the document does not list.
 */

/** A property escape outside a class, any other escape, or a (non-negated) character class. */
const PIECE = /\\[pP]\{[^}]*\}|\\.|\[(?!\^)((?:\\.|[^\]\\])*)\]/g;
const HAS_PROPERTY = /\\[pP]\{/;
const SURROGATES = { first: 0xd800, last: 0xdfff };
const BMP_LAST = 0xffff;

const expanded = new Map<string, string>();

const escapeOf = (code: number) =>
  /[A-Za-z0-9]/.test(String.fromCharCode(code))
    ? String.fromCharCode(code)
    : `\\u${code.toString(16).padStart(4, '0')}`;

/** The class `[inner]` (with property escapes) as the plain ranges of U+0000–FFFF it matches. */
function expandClass(inner: string): string {
  const known = expanded.get(inner);
  if (known) return known;
  const matches = new RegExp(`^[${inner}]$`, 'u');
  const ranges: string[] = [];
  let start = -1;
  const close = (end: number) => {
    if (start < 0) return;
    ranges.push(start === end ? escapeOf(start) : `${escapeOf(start)}-${escapeOf(end)}`);
    start = -1;
  };
  for (let code = 0; code <= BMP_LAST; code++) {
    const isIn =
      (code < SURROGATES.first || code > SURROGATES.last) && matches.test(String.fromCharCode(code));
    if (isIn && start < 0) start = code;
    if (!isIn) close(code - 1);
  }
  close(BMP_LAST);
  const written = `[${ranges.join('')}]`;
  expanded.set(inner, written);
  return written;
}

/** A pattern with every Unicode property escape replaced by the ranges it stands for. */
export function withoutPropertyEscapes(pattern: string): string {
  if (!HAS_PROPERTY.test(pattern)) return pattern;
  return pattern.replace(PIECE, (piece: string, inner: string | undefined) => {
    if (!HAS_PROPERTY.test(piece)) return piece;
    return expandClass(inner ?? piece);
  });
}

/** Rewrites, in place, every `pattern` in a JSON Schema (or a whole document) that uses property escapes. */
export function rewritePatterns(node: unknown): void {
  if (Array.isArray(node)) {
    for (const each of node) rewritePatterns(each);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'pattern' && typeof value === 'string') record[key] = withoutPropertyEscapes(value);
    else rewritePatterns(value);
  }
}
