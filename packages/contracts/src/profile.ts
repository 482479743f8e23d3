// The shapes of a user's own account shared by the server and the web app: the user as the API
// returns it, profile and password changes, signed-in sessions, the sign-in history and the
// anti-phishing phrase.
import { z } from 'zod/mini';
import { NAME_LENGTH_MAX, ZLanguage } from './auth';
import { ZPassword, ZPasswordGiven } from './password';
import { ZRole, ZUserStatus } from './statuses';
import { ZPersonName, ZSafeText } from './text';

export const AVATAR_BYTES_MAX = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const ANTI_PHISHING_LENGTH = { min: 4, max: 32 } as const;

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  country: z.nullable(z.string()),
  avatarUrl: z.nullable(z.string()),
  emailVerified: z.boolean(),
  tfaEnabled: z.boolean(),
  referralCode: z.string(),
  role: ZRole,
  status: ZUserStatus,
  /** Whether the user has a password (a Google-only account has none until it sets one by reset). */
  hasPassword: z.boolean(),
  /** The user's own phrase, printed in every e-mail we send them; null until set. */
  antiPhishingPhrase: z.nullable(z.string()),
  /** The language of the account's e-mails, and of its screens on a browser where none was picked. */
  language: ZLanguage,
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/** A phone number as typed, before its spaces are trimmed. */
const PHONE_LENGTH_MAX = 32;

export const ZUpdateProfileRequest = z.object({
  firstName: z.optional(ZPersonName('First name', { max: NAME_LENGTH_MAX, minMessage: 'Must not be empty' })),
  lastName: z.optional(ZPersonName('Last name', { max: NAME_LENGTH_MAX, minMessage: 'Must not be empty' })),
  phone: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.maxLength(PHONE_LENGTH_MAX, 'Enter a phone number with its country code, e.g. +44 20 7946 0000'),
          z.trim(),
          z.regex(
            /^\+?[0-9][0-9 ()-]{5,19}$/,
            'Enter a phone number with its country code, e.g. +44 20 7946 0000',
          ),
        ),
    ),
  ),
  country: z.optional(
    z.nullable(
      z.pipe(
        z
          .string()
          .check(
            z.maxLength(PHONE_LENGTH_MAX, 'Choose a country'),
            z.trim(),
            z.regex(/^[A-Za-z]{2}$/, 'Choose a country'),
          ),
        z.transform((value) => value.toUpperCase()),
      ),
    ),
  ),
  language: z.optional(ZLanguage),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

export const ZChangePasswordRequest = z.object({
  currentPassword: ZPasswordGiven,
  newPassword: ZPassword,
});
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

export const ZAvatarData = z.object({ avatarUrl: z.string() });

export const ZSession = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

export const LOGIN_OUTCOMES = ['success', 'failure'] as const;
export const ZLoginEvent = z.object({
  id: z.string(),
  at: z.string(),
  ip: z.string(),
  device: z.string(),
  outcome: z.enum(LOGIN_OUTCOMES),
  /** Why a failure failed ('Wrong password'), or how a success was made when not by password ('With a passkey'). */
  detail: z.nullable(z.string()),
});
export type TLoginEvent = z.infer<typeof ZLoginEvent>;

export const ZAntiPhishingRequest = z.object({
  phrase: ZSafeText('Phrase', {
    min: ANTI_PHISHING_LENGTH.min,
    max: ANTI_PHISHING_LENGTH.max,
    minMessage: `Use at least ${ANTI_PHISHING_LENGTH.min} characters`,
    maxMessage: `Use at most ${ANTI_PHISHING_LENGTH.max} characters`,
  }),
});
