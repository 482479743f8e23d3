import { z } from 'zod/mini';

// RFC 5321 caps a forward path at 256 octets including the angle brackets.
export const EMAIL_MAX_LENGTH = 254;

// New accounts are limited to the big webmail providers; existing ones sign in
// with whatever address they hold.
export const EMAIL_PATTERN =
  /^[a-z0-9._-]+@(gmail|yahoo|hotmail|outlook)\.(com|net|org|co|io|us|uk|co\.uk|de|fr|it|es|nl|ca|in|co\.in|com\.au|com\.br|jp|co\.jp)$/i;

export const EMAIL_REQUIRED_MESSAGE = 'Enter your email address';
export const EMAIL_TOO_LONG_MESSAGE = `Email must be at most ${EMAIL_MAX_LENGTH} characters`;
export const EMAIL_INVALID_MESSAGE = 'Enter a valid email address';
export const EMAIL_PROVIDER_MESSAGE = 'Enter a Gmail, Yahoo, Hotmail or Outlook address';

export const isAllowedEmail = (s: string): boolean => EMAIL_PATTERN.test(s.trim());

// Gmail ignores dots in the local part, so `a.b@gmail.com` and `ab@gmail.com` are one mailbox; the
// product strips every other non-alphanumeric too, so each spelling reaches the same account. The
// server and the web app both call this, so a user never ends up with two accounts.
export const normalizeEmail = (s: string): string => {
  const email = s.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!domain.startsWith('gmail.')) return email;
  return `${local.replace(/[^a-z0-9]/g, '')}@${domain}`;
};

/**
 * What the API's document says of an address, in one pattern (the checks themselves are the
 * schema's, with their messages): an address as zod's `z.email()` reads it, white space around it
 * allowed (it is trimmed), with a letter or a digit before the `@` (a Gmail address loses every
 * other character of its local part).
 */
const EMAIL_LOCAL = "(?=[^@]*[A-Za-z0-9])(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]";
const EMAIL_DOMAIN = '(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}';
export const EMAIL_DOCUMENT_PATTERN = `^\\s*${EMAIL_LOCAL}@${EMAIL_DOMAIN}\\s*$`;
/** The same for a new account: a local part of letters, digits, `.`, `_` and `-`, at a provider EMAIL_PATTERN names (any case). */
const anyCase = (text: string) => text.replace(/[a-z]/g, (letter) => `[${letter}${letter.toUpperCase()}]`);
const PROVIDER_DOMAIN = anyCase(EMAIL_PATTERN.source.slice(EMAIL_PATTERN.source.indexOf('@') + 1, -1));
export const SIGNUP_EMAIL_DOCUMENT_PATTERN = `^\\s*(?=[^@]*[A-Za-z0-9])(?:[A-Za-z0-9_-]+\\.)*[A-Za-z0-9_-]+@${PROVIDER_DOMAIN}\\s*$`;

const emailOf = (format: z.ZodMiniEmail, pattern: string) =>
  z.pipe(
    z.pipe(
      z.pipe(
        z
          .string()
          .check(
            z.trim(),
            z.minLength(1, { message: EMAIL_REQUIRED_MESSAGE, abort: true }),
            z.maxLength(EMAIL_MAX_LENGTH, { message: EMAIL_TOO_LONG_MESSAGE, abort: true }),
            z.meta({ pattern }),
          ),
        format,
      ),
      z.transform(normalizeEmail),
    ),
    // A gmail local part of only punctuation normalises to nothing, which is no address at all.
    z.email(EMAIL_INVALID_MESSAGE),
  );

// Sign-in, forgot and reset accept any address an account might already hold.
export const ZEmail = emailOf(z.email(EMAIL_INVALID_MESSAGE), EMAIL_DOCUMENT_PATTERN);
export const ZSignupEmail = emailOf(
  // abort: a malformed address gets one message, not a second one about its provider.
  z
    .email({ message: EMAIL_INVALID_MESSAGE, abort: true })
    .check(z.regex(EMAIL_PATTERN, EMAIL_PROVIDER_MESSAGE)),
  SIGNUP_EMAIL_DOCUMENT_PATTERN,
);
export type TEmail = z.infer<typeof ZEmail>;
