import { z } from 'zod';
import { ZEmail, ZSignupEmail } from './email';
import { ZPassword } from './password';
import { ZTokenType, ZUserStatus } from './statuses';

/** Lifetimes of the three token types (SPEC §3) and of the stream ticket. */
export const TOKEN_TTL_S = { normal: 7 * 24 * 3600, email: 30 * 60, tfa: 10 * 60 } as const;
export const STREAM_TICKET_TTL_S = 60;
/** E-mailed codes: 6 digits, valid 10 minutes, dead after 5 wrong tries. */
export const EMAIL_CODE_TTL_S = 10 * 60;
export const CODE_ATTEMPTS_MAX = 5;
export const RECOVERY_CODE_COUNT = 10;
export const NAME_LENGTH_MAX = 50;

/** A 6-digit code as typed by a person: spaces are forgiven. */
export const ZSixDigitCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'));

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`). */
export const ZTfaCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/,
        'Enter the 6-digit code from your app, or a recovery code',
      ),
  );

const ZName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter your ${label}`)
    .max(
      NAME_LENGTH_MAX,
      `${label[0]?.toUpperCase()}${label.slice(1)} must be at most ${NAME_LENGTH_MAX} characters`,
    );

export const ZSignupRequest = z.object({
  email: ZSignupEmail,
  password: ZPassword,
  firstName: ZName('first name'),
  lastName: ZName('last name'),
  referralCode: z
    .string()
    .trim()
    .max(20)
    .transform((value) => value.toUpperCase())
    .optional(),
});
export type TSignupRequest = z.input<typeof ZSignupRequest>;

export const ZSigninRequest = z.object({
  email: ZEmail,
  password: z.string().min(1, 'Enter your password').max(256),
});
export type TSigninRequest = z.input<typeof ZSigninRequest>;

/** Every sign-in step answers with a token; its `type` claim says what comes next. */
export const ZTokenData = z.object({ token: z.string() });
export type TTokenData = z.infer<typeof ZTokenData>;

export const ZVerifyEmailRequest = z.object({ code: ZSixDigitCode });
export const ZVerifyEmailLinkQuery = z.object({ token: z.string().min(1).max(200) });
export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export const ZResetPasswordRequest = z.object({ email: ZEmail, code: ZSixDigitCode, password: ZPassword });
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;
export const ZTfaVerifyRequest = z.object({ code: ZTfaCode });

export const ZGoogleCallbackRequest = z.union([
  z.object({ accessToken: z.string().min(1).max(4096) }),
  z.object({ code: z.string().min(1).max(4096), redirectUri: z.url() }),
]);
export type TGoogleCallbackRequest = z.input<typeof ZGoogleCallbackRequest>;

export const ZTfaGenerateData = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export type TTfaGenerateData = z.infer<typeof ZTfaGenerateData>;
export const ZTfaActivateRequest = z.object({ code: ZSixDigitCode });
export const ZTfaActivateData = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type TTfaActivateData = z.infer<typeof ZTfaActivateData>;
export const ZTfaDeactivateRequest = z.object({ code: ZTfaCode });

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
