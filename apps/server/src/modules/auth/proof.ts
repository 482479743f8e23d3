import type { TLanguageCode } from '@td/contracts/auth';
import { CODE_ATTEMPTS_MAX } from '@td/contracts/auth';
import { AppError, badRequest } from '../../platform/errors';
import { enforce, type RateLimiter } from '../../platform/rate-limit';
import type { AuthRepository, UserRow } from './auth.repository';
import { type AuthEmail, accountEmail, CODE_TTL_MINUTES, languageOf, type Recipient } from './auth-emails';
import { AUTH_LIMITS, type ClientContext, WRONG_CODE, wrongCodeAfter } from './auth-rules';
import type { CodeHasher } from './codes';
import { verifyPassword } from './passwords';

/**
 * Proof beyond the session. A change of who controls an account (turning two-factor on, an API
 * key, a passkey) is asked for more than the session that requests it: a borrowed session (a
 * shared computer, a stolen cookie) must not be enough. The proof is the current password, or for
 * an account without one a code e-mailed to its owner; and the second factor where one is on.
 */

/** The proof fields a request body may carry; which are needed depends on the account. */
export interface ProofInput {
  currentPassword?: string | undefined;
  emailCode?: string | undefined;
  tfaCode?: string | undefined;
}

/** The code mailed for a proof is one per account at a time (a new one replaces the last). */
const PROOF_SUBJECT = 'account';

export const PROOF_MESSAGES = {
  passwordMissing: 'Enter your current password',
  passwordWrong: 'The password is incorrect',
  emailCodeMissing: 'Enter the code we e-mailed you (ask for one first)',
  tfaCodeMissing: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  tfaCodeWrong: 'The code is incorrect',
} as const;

/** A 400 that names the field it is about, so the form shows it there (never a 401: the session stays). */
export const fieldError = (field: keyof ProofInput | (string & {}), message: string) =>
  badRequest(message, [{ field: `body.${field}`, message }]);

/** The mail with the code, in each language the product speaks. */
const SECURITY_CODE_WORDS = {
  en: {
    subject: 'Your security code',
    preheader: (code: string, minutes: number) =>
      `Your security code is ${code}. It expires in ${minutes} minutes.`,
    body: (app: string, minutes: number) =>
      `Someone signed in to your ${app} account asked to change how it is protected (two-factor, an API key or a passkey). Enter this code to confirm it. It expires in ${minutes} minutes and works once.`,
    footnote:
      'If it wasn’t you, do not share the code: sign out every other session under Security and contact support.',
  },
  es: {
    subject: 'Tu código de seguridad',
    preheader: (code: string, minutes: number) =>
      `Tu código de seguridad es ${code}. Caduca en ${minutes} minutos.`,
    body: (app: string, minutes: number) =>
      `Alguien con la sesión iniciada en tu cuenta de ${app} ha pedido cambiar cómo está protegida (verificación en dos pasos, una clave de API o una llave de acceso). Introduce este código para confirmarlo. Caduca en ${minutes} minutos y sirve una sola vez.`,
    footnote:
      'Si no has sido tú, no compartas el código: cierra las demás sesiones en Seguridad y contacta con soporte.',
  },
  ru: {
    subject: 'Ваш код безопасности',
    preheader: (code: string, minutes: number) =>
      `Ваш код безопасности: ${code}. Он действует ${minutes} минут.`,
    body: (app: string, minutes: number) =>
      `Кто-то, вошедший в ваш аккаунт ${app}, хочет изменить его защиту (двухфакторную аутентификацию, API-ключ или ключ доступа). Введите этот код, чтобы подтвердить. Он действует ${minutes} минут и только один раз.`,
    footnote:
      'Если это были не вы, никому не сообщайте код: завершите другие сеансы в разделе «Безопасность» и напишите в поддержку.',
  },
} satisfies Record<TLanguageCode, unknown>;

export function securityCodeEmail(input: Recipient & { code: string }): AuthEmail {
  const words = SECURITY_CODE_WORDS[languageOf(input)];
  return accountEmail(input, words.subject, {
    preheader: words.preheader(input.code, CODE_TTL_MINUTES),
    paragraphs: [words.body(input.brand.appName, CODE_TTL_MINUTES)],
    code: input.code,
    footnote: words.footnote,
  });
}

/**
 * The one check every such route makes, and the code it may ask for. Tries are limited per
 * account and per address; a wrong e-mailed code counts
 * against that code as every e-mailed code's tries do, and the code is used up only when the whole
 * proof holds.
 */
export function createProofCheck(deps: {
  repo: Pick<AuthRepository, 'claimCodeTry' | 'findLiveCode' | 'consumeCode'>;
  codes: CodeHasher;
  limiter: RateLimiter;
  /** The account system's second-factor check: an app code (once) or a recovery code (used up). */
  checkSecondFactor: (user: UserRow, code: string) => Promise<boolean>;
  /** Sends a fresh e-mailed code for an action (replacing the last), limited per account. */
  sendActionCode: (
    user: UserRow,
    action: {
      purpose: 'security_proof';
      subject: string;
      mail: (code: string, to: Recipient) => AuthEmail;
    },
  ) => Promise<void>;
}) {
  const { repo, codes, limiter } = deps;

  /** Claims a try at the live e-mailed code and compares it; its id when it matches (not used yet). */
  const matchEmailCode = async (user: UserRow, code: string | undefined): Promise<string> => {
    if (!code) throw fieldError('emailCode', PROOF_MESSAGES.emailCodeMissing);
    const claimed = await repo.claimCodeTry(user.id, 'security_proof', PROOF_SUBJECT, CODE_ATTEMPTS_MAX);
    if (!claimed) {
      const live = await repo.findLiveCode(user.id, 'security_proof', PROOF_SUBJECT);
      throw asField('emailCode', wrongCodeAfter(live ? live.attempts : 0));
    }
    if (!codes.matches(code, claimed.codeHash)) throw asField('emailCode', wrongCodeAfter(claimed.attempts));
    return claimed.id;
  };

  return {
    /** Mails the account's owner a 6-digit code that proves a change (10 minutes, once). */
    async sendCode(user: UserRow, client: ClientContext): Promise<void> {
      await enforce(limiter, AUTH_LIMITS.proofCodePerIp, client.limitKey);
      await deps.sendActionCode(user, {
        purpose: 'security_proof',
        subject: PROOF_SUBJECT,
        mail: (code, to) =>
          securityCodeEmail({
            ...to,
            code,
          }),
      });
    },

    /**
     * Checks the proof for a change to `user`: the current password (an account with one) or the
     * e-mailed code (an account without), then the second factor when two-factor is on. A missing
     * or wrong part is a 400 naming its field. The e-mailed code is used up last, in one
     * conditional statement: the same code sent by parallel requests passes once.
     */
    async check(user: UserRow, input: ProofInput, client: ClientContext): Promise<void> {
      await enforce(limiter, AUTH_LIMITS.proofPerIp, client.limitKey);
      await enforce(limiter, AUTH_LIMITS.proofPerAccount, user.id);
      let emailCodeId: string | undefined;
      if (user.passwordHash) {
        if (!input.currentPassword) throw fieldError('currentPassword', PROOF_MESSAGES.passwordMissing);
        if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
          throw fieldError('currentPassword', PROOF_MESSAGES.passwordWrong);
        }
      } else {
        emailCodeId = await matchEmailCode(user, input.emailCode);
      }
      // The first part holds before the second factor is tried: a wrong password must not use up a
      // recovery code.
      if (user.tfaEnabled) {
        if (!input.tfaCode) throw fieldError('tfaCode', PROOF_MESSAGES.tfaCodeMissing);
        if (!(await deps.checkSecondFactor(user, input.tfaCode))) {
          throw fieldError('tfaCode', PROOF_MESSAGES.tfaCodeWrong);
        }
      }
      if (emailCodeId && !(await repo.consumeCode(emailCodeId))) throw fieldError('emailCode', WRONG_CODE);
    },
  };
}
export type ProofCheck = ReturnType<typeof createProofCheck>;

/** The same refusal, said of a field. */
function asField(field: keyof ProofInput, error: AppError): AppError {
  return new AppError(error.code, error.message, [{ field: `body.${field}`, message: error.message }]);
}
