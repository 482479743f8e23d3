import { z } from 'zod/mini';
import { ZEmail, ZSignupEmail } from './email';
import { ZPassword, ZPasswordGiven } from './password';
import { ZTokenType, ZUserStatus } from './statuses';
import { ZOpaqueToken, ZPersonName } from './text';

/** Lifetimes of the three token types (session, pending e-mail verification, pending two-factor) and of the stream ticket. */
export const TOKEN_TTL_S = { normal: 7 * 24 * 3600, email: 30 * 60, tfa: 10 * 60 } as const;
export const STREAM_TICKET_TTL_S = 60;
/** E-mailed codes: 6 digits, valid 10 minutes, dead after 5 wrong tries. */
export const EMAIL_CODE_TTL_S = 10 * 60;
export const CODE_ATTEMPTS_MAX = 5;
export const RECOVERY_CODE_COUNT = 10;
export const NAME_LENGTH_MAX = 50;
/** A code as typed, spaces and all, before they are taken out. */
const TYPED_CODE_LENGTH_MAX = 32;
export const REFERRAL_CODE_LENGTH_MAX = 20;
/** What Google hands the web app (an ID token, an authorisation code) is far below this. */
export const GOOGLE_CREDENTIAL_LENGTH_MAX = 4096;
export const URL_LENGTH_MAX = 2048;

/** A 6-digit code as typed by a person: spaces are forgiven. */
export const ZSixDigitCode = z.pipe(
  z.pipe(
    z.string().check(
      z.maxLength(TYPED_CODE_LENGTH_MAX, 'Enter the 6-digit code'),
      // The document's words for the same rule: six digits once the spaces are out.
      z.meta({ pattern: '^\\s*(?:\\d\\s*){6}$' }),
    ),
    z.transform((value: string) => value.replace(/\s+/g, '')),
  ),
  z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
);

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`). */
export const ZTfaCode = z.pipe(
  z.pipe(
    z.string().check(
      z.maxLength(TYPED_CODE_LENGTH_MAX, 'Enter the 6-digit code from your app, or a recovery code'),
      z.meta({
        pattern: '^\\s*(?:(?:\\d\\s*){6}|(?:[A-Za-z0-9]\\s*){5}(?:-\\s*)?(?:[A-Za-z0-9]\\s*){5})$',
      }),
    ),
    z.transform((value: string) => value.replace(/\s+/g, '').toLowerCase()),
  ),
  z
    .string()
    .check(
      z.regex(
        /^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/,
        'Enter the 6-digit code from your app, or a recovery code',
      ),
    ),
);

const ZName = (label: string) => ZPersonName(label, { max: NAME_LENGTH_MAX });

/** The languages the product speaks: its screens and its e-mails. */
export const LANGUAGES = ['en', 'es', 'ru'] as const;
export type TLanguageCode = (typeof LANGUAGES)[number];
/** An account's language, as a request names it. */
export const ZLanguage = z.enum(LANGUAGES, { error: 'The language is one of en, es, ru' });

export const ZSignupRequest = z.object({
  /** The language the account's e-mails are written in: the one the sign-up form was shown in. */
  language: z.optional(ZLanguage),
  email: ZSignupEmail,
  password: ZPassword,
  firstName: ZName('First name'),
  lastName: ZName('Last name'),
  // Empty when the form's field was left alone.
  referralCode: z.optional(
    z.pipe(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(REFERRAL_CODE_LENGTH_MAX, 'Referral code is not valid'),
          z.regex(/^[A-Za-z0-9]*$/, 'Referral code is not valid'),
        ),
      z.transform((value: string) => value.toUpperCase()),
    ),
  ),
});
export type TSignupRequest = z.input<typeof ZSignupRequest>;

export const ZSigninRequest = z.object({
  email: ZEmail,
  password: ZPasswordGiven,
});
export type TSigninRequest = z.input<typeof ZSigninRequest>;

/** Every sign-in step answers with a token; its `type` claim says what comes next. */
export const ZTokenData = z.object({ token: z.string() });
export type TTokenData = z.infer<typeof ZTokenData>;

export const ZVerifyEmailRequest = z.object({ code: ZSixDigitCode });
/**
 * `GET /auth/verify-email`: the link proves the mailbox, not who chose the password, so `token` is
 * null (sign in next) unless the request carried the same account's pending `email` token.
 */
export const ZVerifyEmailLinkData = z.object({ token: z.nullable(z.string()) });
export type TVerifyEmailLinkData = z.infer<typeof ZVerifyEmailLinkData>;
export const ZVerifyEmailLinkQuery = z.object({ token: ZOpaqueToken('Link', { max: 200 }) });
export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export const ZResetPasswordRequest = z.object({
  email: ZEmail,
  code: ZSixDigitCode,
  password: ZPassword,
  /**
   * Also turn two-factor off: allowed only within TFA_COOLING_OFF_S of it being turned on (the
   * owner taking back an account whose two-factor someone else switched on).
   */
  removeTwoFactor: z.optional(z.boolean({ error: 'removeTwoFactor is true or false' })),
});
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;
export const ZTfaVerifyRequest = z.object({ code: ZTfaCode });

/** The `state` of a Google code flow the server started (43 characters today). */
export const GOOGLE_STATE_LENGTH_MAX = 200;
/** A Google nonce's cookie (and the nonce) live this long: one sign-in attempt. */
export const GOOGLE_NONCE_TTL_S = 10 * 60;

/** `GET /auth/google/nonce`: the nonce to give Google's ID-token request (its proof is a cookie). */
export const ZGoogleNonceData = z.object({ nonce: z.string() });
export type TGoogleNonceData = z.infer<typeof ZGoogleNonceData>;

/**
 * Google sign-in: the ID token Google Identity Services handed the page (`credential`, a JWT whose
 * nonce is the one from `GET /auth/google/nonce`), or an authorization code (code flow).
 * An access token is never taken.
 */
export const ZGoogleCallbackRequest = z.union([
  z.object({
    credential: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(GOOGLE_CREDENTIAL_LENGTH_MAX),
        z.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'Not a Google ID token'),
      ),
  }),
  /**
   * Code flow, started by `GET /auth/google/start` in this browser: the `code` and `state` Google
   * returned to the web app's callback screen. The redirect URI is the server's own; one sent
   * here must be that one.
   */
  z.object({
    code: ZOpaqueToken('Code', { max: GOOGLE_CREDENTIAL_LENGTH_MAX }),
    state: ZOpaqueToken('State', { max: GOOGLE_STATE_LENGTH_MAX }),
    redirectUri: z.optional(z.url().check(z.maxLength(URL_LENGTH_MAX))),
  }),
]);
export type TGoogleCallbackRequest = z.input<typeof ZGoogleCallbackRequest>;

export const ZTfaGenerateData = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export type TTfaGenerateData = z.infer<typeof ZTfaGenerateData>;
/**
 * Proof beyond the session, sent by every change of who controls an account: `currentPassword`
 * (an account with a password), else `emailCode` (from `POST /profile/security-code`); and
 * `tfaCode` where two-factor is on. Which are needed is the server's call; each is optional here.
 */
export const ZProofFields = {
  currentPassword: z.optional(ZPasswordGiven),
  emailCode: z.optional(ZSixDigitCode),
  tfaCode: z.optional(ZTfaCode),
};
export const ZProof = z.object(ZProofFields);
export type TProof = z.input<typeof ZProof>;
/** After two-factor is turned on, a password reset by e-mail may turn it off for this long. */
export const TFA_COOLING_OFF_S = 24 * 3600;

/** Turning two-factor on: the app's code for the pending secret, and the proof (no second factor yet). */
export const ZTfaActivateRequest = z.object({
  code: ZSixDigitCode,
  currentPassword: ZProofFields.currentPassword,
  emailCode: ZProofFields.emailCode,
});
export type TTfaActivateRequest = z.input<typeof ZTfaActivateRequest>;
export const ZTfaActivateData = z.object({
  recoveryCodes: z.array(z.string()).check(z.length(RECOVERY_CODE_COUNT)),
});
export type TTfaActivateData = z.infer<typeof ZTfaActivateData>;
/** Turning two-factor off takes the current password and a code (the app's or a recovery code). */
export const ZTfaDeactivateRequest = z.object({
  password: ZPasswordGiven,
  code: ZTfaCode,
});
export type TTfaDeactivateRequest = z.input<typeof ZTfaDeactivateRequest>;

/** `GET /auth/wss/signin`: where the stream is, and a single-use ticket to connect with. */
export const ZStreamTicketData = z.object({
  payload: z.object({ server: z.string(), status: z.literal('act') }),
  token: z.string(),
});
export type TStreamTicketData = z.infer<typeof ZStreamTicketData>;

/** The claims of a session token as the web app reads them (it never verifies the signature). */
export const ZTokenClaims = z.object({
  sub: z.string(),
  sid: z.string(),
  type: ZTokenType,
  status: ZUserStatus,
  exp: z.number(),
});
export type TTokenClaims = z.infer<typeof ZTokenClaims>;
