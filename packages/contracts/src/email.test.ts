import { describe, expect, it } from 'vitest';
import {
  EMAIL_INVALID_MESSAGE,
  EMAIL_MAX_LENGTH,
  EMAIL_PROVIDER_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
  isAllowedEmail,
  normalizeEmail,
  ZEmail,
  ZSignupEmail,
} from './email';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('isAllowedEmail', () => {
  it.each([
    'john.doe@gmail.com',
    'a_b-c@yahoo.co.uk',
    'x1@hotmail.de',
    'someone@outlook.com.au',
    'JOHN@GMAIL.COM',
    'j@yahoo.co.jp',
    'j@outlook.io',
    '  padded@gmail.com  ',
  ])('accepts %s', (email) => {
    expect(isAllowedEmail(email)).toBe(true);
  });

  it.each([
    ['another provider', 'john@proton.me'],
    ['a provider as a subdomain', 'john@gmail.evil.com'],
    ['an uncommon top-level domain', 'john@gmail.xyz'],
    ['a plus tag', 'john+tag@gmail.com'],
    ['an empty local part', '@gmail.com'],
    ['no at sign', 'gmail.com'],
    ['text after the domain', 'john@gmail.com.evil'],
    ['a second at sign', 'a@b@gmail.com'],
  ])('refuses %s', (_case, email) => {
    expect(isAllowedEmail(email)).toBe(false);
  });
});

describe('normalizeEmail', () => {
  it.each([
    ['trims and lower-cases', '  John.Doe@Yahoo.COM ', 'john.doe@yahoo.com'],
    ['strips dots from a gmail local part', 'john.doe@gmail.com', 'johndoe@gmail.com'],
    [
      'strips every other non-alphanumeric from a gmail local part',
      'J_o-h.n+tag@GMail.com',
      'johntag@gmail.com',
    ],
    ['treats gmail under any top-level domain the same', 'j.d@gmail.co.uk', 'jd@gmail.co.uk'],
    ['keeps the dots of other providers', 'j.d_x@outlook.com', 'j.d_x@outlook.com'],
    ['keeps the dots of a provider whose name ends in gmail', 'j.d@notgmail.com', 'j.d@notgmail.com'],
    ['lower-cases text without an at sign and leaves it otherwise alone', ' No.At ', 'no.at'],
  ])('%s: %j', (_case, email, normalized) => {
    expect(normalizeEmail(email)).toBe(normalized);
  });

  it('gives the same result when applied twice', () => {
    const once = normalizeEmail(' J.Doe@Gmail.com');
    expect(normalizeEmail(once)).toBe(once);
  });
});

describe('ZEmail', () => {
  it('trims, lower-cases and normalises a gmail address', () => {
    expect(ZEmail.parse('  John.Doe@Gmail.com ')).toBe('johndoe@gmail.com');
  });

  it('accepts any provider', () => {
    expect(ZEmail.parse('Jane@Example.org')).toBe('jane@example.org');
  });

  it('asks for an address when the input is blank', () => {
    expect(messagesOf(ZEmail.safeParse('   '))).toEqual([EMAIL_REQUIRED_MESSAGE]);
  });

  it('refuses an address longer than 254 characters', () => {
    const long = `${'a'.repeat(EMAIL_MAX_LENGTH)}@x.io`;
    expect(messagesOf(ZEmail.safeParse(long))).toEqual([EMAIL_TOO_LONG_MESSAGE]);
  });

  it.each(['plainaddress', 'a@b', 'a b@c.com', '.a@c.com', 'a..b@c.com'])('refuses the malformed %j', (s) => {
    expect(messagesOf(ZEmail.safeParse(s))).toEqual([EMAIL_INVALID_MESSAGE]);
  });

  it('refuses a gmail address whose local part is only punctuation', () => {
    expect(messagesOf(ZEmail.safeParse('_-_@gmail.com'))).toEqual([EMAIL_INVALID_MESSAGE]);
  });

  it('refuses a value that is not a string', () => {
    expect(ZEmail.safeParse(42).success).toBe(false);
  });
});

describe('ZSignupEmail', () => {
  it('accepts and normalises an address of an allowed provider', () => {
    expect(ZSignupEmail.parse(' Jo.Hn@GMAIL.com ')).toBe('john@gmail.com');
    expect(ZSignupEmail.parse('Jo.Hn@hotmail.fr')).toBe('jo.hn@hotmail.fr');
  });

  it('refuses another provider with the provider message', () => {
    expect(messagesOf(ZSignupEmail.safeParse('jane@example.org'))).toEqual([EMAIL_PROVIDER_MESSAGE]);
    expect(EMAIL_PROVIDER_MESSAGE).toBe('Enter a Gmail, Yahoo, Hotmail or Outlook address');
  });

  it('gives a malformed address one message, not two', () => {
    expect(messagesOf(ZSignupEmail.safeParse('nope'))).toEqual([EMAIL_INVALID_MESSAGE]);
  });

  it('asks for an address when the input is empty', () => {
    expect(messagesOf(ZSignupEmail.safeParse(''))).toEqual([EMAIL_REQUIRED_MESSAGE]);
  });
});
