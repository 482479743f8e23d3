import { z } from 'zod';

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

const emailOf = (format: z.ZodEmail) =>
  z
    .string()
    .trim()
    .min(1, { message: EMAIL_REQUIRED_MESSAGE, abort: true })
    .max(EMAIL_MAX_LENGTH, { message: EMAIL_TOO_LONG_MESSAGE, abort: true })
    .pipe(format)
    .transform(normalizeEmail)
    // A gmail local part of only punctuation normalises to nothing, which is no address at all.
    .pipe(z.email(EMAIL_INVALID_MESSAGE));

// Sign-in, forgot and reset accept any address an account might already hold.
export const ZEmail = emailOf(z.email(EMAIL_INVALID_MESSAGE));
export const ZSignupEmail = emailOf(
  // abort: a malformed address gets one message, not a second one about its provider.
  z.email({ message: EMAIL_INVALID_MESSAGE, abort: true }).regex(EMAIL_PATTERN, EMAIL_PROVIDER_MESSAGE),
);
export type TEmail = z.infer<typeof ZEmail>;
