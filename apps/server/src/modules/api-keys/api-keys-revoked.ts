import type { TLanguageCode } from '@td/contracts/auth';
import type { AccountTakeBack } from '../auth/sessions';
import { type Notify, REVIEW_SECURITY } from '../notifications/notifications.service';
import type { ApiKeysRepository } from './api-keys.repository';

/** Why the keys went, in each language the product speaks. */
const WHY: Record<TLanguageCode, Record<AccountTakeBack, string>> = {
  en: {
    password_reset: 'your password was reset',
    password_change: 'your password was changed',
    tfa_on: 'two-factor authentication was turned on',
    tfa_off: 'two-factor authentication was turned off',
    sign_out_everywhere: 'every other session was signed out',
  },
  es: {
    password_reset: 'se restableció tu contraseña',
    password_change: 'se cambió tu contraseña',
    tfa_on: 'se activó la verificación en dos pasos',
    tfa_off: 'se desactivó la verificación en dos pasos',
    sign_out_everywhere: 'se cerraron todas las demás sesiones',
  },
  ru: {
    password_reset: 'ваш пароль был сброшен',
    password_change: 'ваш пароль был изменён',
    tfa_on: 'была включена двухфакторная аутентификация',
    tfa_off: 'была отключена двухфакторная аутентификация',
    sign_out_everywhere: 'были завершены все остальные сеансы',
  },
};

/** What the notification centre says (the web app translates it). */
const REVOKED_MESSAGES: Record<AccountTakeBack, string> = {
  password_reset: 'Your API keys were revoked: your password was reset',
  password_change: 'Your API keys were revoked: your password was changed',
  tfa_on: 'Your API keys were revoked: two-factor authentication was turned on',
  tfa_off: 'Your API keys were revoked: two-factor authentication was turned off',
  sign_out_everywhere: 'Your API keys were revoked: every other session was signed out',
};

const WORDS = {
  en: (count: number, why: string) => ({
    subject: 'Your API keys were revoked',
    paragraphs: [
      `${count === 1 ? 'Your API key was' : `All ${count} of your API keys were`} revoked because ${why}: programs using ${count === 1 ? 'it' : 'them'} can no longer read your account or trade.`,
      'If you still need a key, create a new one under Security. If you did not make this change, reset your password at once.',
    ],
  }),
  es: (count: number, why: string) => ({
    subject: 'Tus claves de API han sido revocadas',
    paragraphs: [
      `${count === 1 ? 'Tu clave de API ha sido revocada' : `Tus ${count} claves de API han sido revocadas`} porque ${why}: los programas que ${count === 1 ? 'la' : 'las'} usan ya no pueden consultar tu cuenta ni operar.`,
      'Si aún necesitas una clave, crea una nueva en Seguridad. Si no has hecho este cambio, restablece tu contraseña de inmediato.',
    ],
  }),
  ru: (count: number, why: string) => ({
    subject: 'Ваши API-ключи отозваны',
    paragraphs: [
      `${count === 1 ? 'Ваш API-ключ отозван' : `Все ваши API-ключи (${count}) отозваны`}, потому что ${why}: программы с ${count === 1 ? 'этим ключом' : 'этими ключами'} больше не могут читать данные счёта и торговать.`,
      'Если ключ всё ещё нужен, создайте новый в разделе «Безопасность». Если это сделали не вы, немедленно сбросьте пароль.',
    ],
  }),
} satisfies Record<TLanguageCode, unknown>;

/**
 * Revokes every live key of a user when the account is taken back (a password reset or change,
 * two-factor turned on or off, every other session signed out), and tells the owner once, in the
 * app and by e-mail, how many keys went and why. Nothing to revoke: nothing said.
 */
export function createApiKeyRevoker(deps: {
  repo: Pick<ApiKeysRepository, 'revokeLive'>;
  notify?: Notify;
  publicUrl?: string;
}) {
  return async (userId: string, why: AccountTakeBack): Promise<void> => {
    const count = await deps.repo.revokeLive(userId);
    if (count === 0) return;
    await deps.notify?.(
      userId,
      'security_change',
      { message: REVOKED_MESSAGES[why], reason: why, count },
      {
        email: (language) => ({
          ...WORDS[language](count, WHY[language][why]),
          ...(deps.publicUrl
            ? { button: { label: REVIEW_SECURITY[language], url: `${deps.publicUrl}/dashboard/security` } }
            : {}),
        }),
      },
    );
  };
}
