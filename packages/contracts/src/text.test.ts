import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeText, ZOpaqueToken, ZPersonName, ZSafeText } from './text';

const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f'];

describe('ZSafeText', () => {
  const ZSubject = ZSafeText('Subject', { min: 3, max: 10 });
  const ZMessage = ZSafeText('Message', { min: 1, max: 100, isMultiline: true });

  it('trims, then counts', () => {
    expect(ZSubject.parse('  héllo 😀 ')).toBe('héllo 😀');
    expect(ZSubject.safeParse('ab').error?.issues[0]?.message).toBe('Subject must be at least 3 characters');
    expect(ZSubject.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe(
      'Subject must be at most 10 characters',
    );
  });

  it.each(CONTROLS)('refuses the control character %j, on one line or many', (control) => {
    expect(ZSubject.safeParse(`ab${control}cd`).error?.issues[0]?.message).toBe(
      'Subject must not contain control characters',
    );
    expect(ZMessage.safeParse(`ab${control}cd`).success).toBe(false);
  });

  it('takes line breaks and tabs only in multi-line text', () => {
    expect(ZMessage.parse('one\r\ntwo\tthree')).toBe('one\r\ntwo\tthree');
    expect(ZSubject.safeParse('one\ntwo').success).toBe(false);
    expect(ZSubject.safeParse('one\u2028two').success).toBe(false);
  });

  it('refuses lone surrogates and bidirectional overrides, and takes emoji and any script', () => {
    expect(ZSubject.safeParse('ab\ud800cd').success).toBe(false);
    expect(ZSubject.safeParse('ab\u202ecd').success).toBe(false);
    expect(ZSubject.safeParse('ab\u2066cd').success).toBe(false);
    expect(ZSubject.parse('日本語のテキスト')).toBe('日本語のテキスト');
    expect(ZSubject.parse('👩‍👩‍👧')).toBe('👩‍👩‍👧');
  });

  it('refuses what is not a string, naming the field', () => {
    expect(ZSubject.safeParse(42).error?.issues[0]?.message).toBe('Subject must be text');
  });

  it('never passes a NUL, whatever surrounds it', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(ZMessage.safeParse(`${before}\u0000${after}`).success).toBe(false);
        expect(isSafeText(`${before}\u0000${after}`, { isMultiline: true })).toBe(false);
      }),
    );
  });
});

describe('ZPersonName', () => {
  const ZFirst = ZPersonName('First name', { max: 50 });

  it.each(['Ada', "O'Brien", 'Jean-Luc', 'J. R.', 'Zoë', 'Łukasz', 'José María', '李', 'Ngọc'])(
    'takes %j',
    (name) => {
      expect(ZFirst.parse(` ${name} `)).toBe(name);
    },
  );

  it.each(['', '   ', '-Ada', 'Ada1', '<script>', 'a\u0000b', 'Robert"); DROP', 'x'.repeat(51)])(
    'refuses %j',
    (name) => {
      expect(ZFirst.safeParse(name).success).toBe(false);
    },
  );

  it('says what is wrong', () => {
    expect(ZFirst.safeParse('').error?.issues[0]?.message).toBe('Enter your first name');
    expect(ZFirst.safeParse('R2D2').error?.issues[0]?.message).toBe(
      "First name may only contain letters, spaces, and . , ' -",
    );
  });
});

describe('ZOpaqueToken', () => {
  const ZLink = ZOpaqueToken('Link', { max: 20 });

  it('takes printable ASCII without spaces, within its length', () => {
    expect(ZLink.parse('abc-DEF_123.~')).toBe('abc-DEF_123.~');
    expect(ZLink.safeParse('').success).toBe(false);
    expect(ZLink.safeParse('a b').success).toBe(false);
    expect(ZLink.safeParse('é').success).toBe(false);
    expect(ZLink.safeParse('x'.repeat(21)).success).toBe(false);
  });
});
