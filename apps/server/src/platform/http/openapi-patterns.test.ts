import { PERSON_NAME_PATTERN } from '@td/contracts/text';
import { describe, expect, it } from 'vitest';
import { rewritePatterns, withoutPropertyEscapes } from './openapi-patterns';

const BMP = Array.from({ length: 0x10000 }, (_, code) => code).filter(
  (code) => code < 0xd800 || code > 0xdfff,
);

describe("the document's patterns without Unicode property escapes", () => {
  it('match, over the Basic Multilingual Plane, exactly what the property escapes match', () => {
    for (const source of ['[\\p{L}\\p{M}]', '[\\p{L}\\p{N} _.&()+-]', '\\p{Lu}']) {
      const written = withoutPropertyEscapes(`^${source}$`);
      expect(written).not.toMatch(/\\[pP]\{/);
      // Plain escapes and ASCII only: what Python's re and randexp read.
      expect(written).toMatch(/^[\x20-\x7E]+$/);
      const exact = new RegExp(`^${source}$`, 'u');
      const plain = new RegExp(written, 'u');
      const differing = BMP.filter((code) => {
        const text = String.fromCharCode(code);
        return exact.test(text) !== plain.test(text);
      });
      expect(differing, source).toEqual([]);
    }
  });

  it("allow of a person's name only what the server's own pattern allows, and refuse what it refuses", () => {
    const plain = new RegExp(withoutPropertyEscapes(PERSON_NAME_PATTERN.source), 'u');
    for (const name of ['José', "O'Brien-Smith", 'Zoë Ångström', 'Иван', '李小龙', 'Jr.', 'ß']) {
      expect(PERSON_NAME_PATTERN.test(name), name).toBe(true);
      expect(plain.test(name), name).toBe(true);
    }
    for (const name of ['J0hn', '-Ann', 'Ann ', '<b>', 'A_B', 'Ann,', '']) {
      expect(PERSON_NAME_PATTERN.test(name), name).toBe(false);
      expect(plain.test(name), name).toBe(false);
    }
  });

  it('leave other patterns as they are, and rewrite every pattern of a document in place', () => {
    expect(withoutPropertyEscapes('^\\d{1,8}(\\.\\d{1,2})?$')).toBe('^\\d{1,8}(\\.\\d{1,2})?$');
    expect(withoutPropertyEscapes('^[^\\u0000-\\u001F]*$')).toBe('^[^\\u0000-\\u001F]*$');
    const document = {
      paths: { '/x': { post: { parameters: [{ schema: { pattern: '^\\p{N}+$' } }] } } },
      properties: { pattern: { type: 'string', pattern: '^[\\p{Nd}_]$' } },
    };
    rewritePatterns(document);
    expect(JSON.stringify(document)).not.toContain('\\\\p{');
    expect(new RegExp(document.paths['/x'].post.parameters[0]?.schema.pattern ?? '').test('42')).toBe(true);
    expect(new RegExp(document.properties.pattern.pattern).test('_')).toBe(true);
  });
});
