/** The mails of a password: the code that resets it, and the notice that it was changed. */
import type { TLanguageCode } from '@td/contracts/auth';
import { formatMailTime } from '../../platform/mail/email-layout';
import { type AuthEmail, accountEmail, CODE_TTL_MINUTES, languageOf, type Recipient } from './auth-emails';

/** Each password mail's words in each language the product speaks; `app` is the product's name. */
const WORDS = {
  en: {
    passwordReset: {
      subject: 'Your password reset code',
      title: 'Reset your password',
      preheader: (code: string, minutes: number) =>
        `Your password reset code is ${code}. It expires in ${minutes} minutes.`,
      body: (app: string, minutes: number) =>
        `Someone asked to reset the password of your ${app} account. Enter this code to choose a new password. It expires in ${minutes} minutes.`,
      footnote: 'If it wasn’t you, ignore this email: your password stays as it is.',
    },
    passwordChanged: {
      subject: 'Your password was changed',
      preheader: (app: string) => `The password of your ${app} account was changed.`,
      body: (app: string, at: string) => `The password of your ${app} account was changed on ${at}.`,
      hold: 'Every other session was signed out. For your safety, withdrawals made in the next 24 hours wait for a review.',
      footnote: 'If it wasn’t you, reset your password at once with “Forgot password” and contact support.',
    },
  },
  es: {
    passwordReset: {
      subject: 'Tu código para restablecer la contraseña',
      title: 'Restablece tu contraseña',
      preheader: (code: string, minutes: number) =>
        `Tu código para restablecer la contraseña es ${code}. Caduca en ${minutes} minutos.`,
      body: (app: string, minutes: number) =>
        `Alguien ha pedido restablecer la contraseña de tu cuenta de ${app}. Introduce este código para elegir una contraseña nueva. Caduca en ${minutes} minutos.`,
      footnote: 'Si no has sido tú, ignora este correo: tu contraseña sigue igual.',
    },
    passwordChanged: {
      subject: 'Tu contraseña se ha cambiado',
      preheader: (app: string) => `La contraseña de tu cuenta de ${app} se ha cambiado.`,
      body: (app: string, at: string) => `La contraseña de tu cuenta de ${app} se cambió el ${at}.`,
      hold: 'Se han cerrado todas las demás sesiones. Por tu seguridad, los retiros de las próximas 24 horas esperarán una revisión.',
      footnote:
        'Si no has sido tú, restablece tu contraseña de inmediato con «¿Olvidaste tu contraseña?» y contacta con soporte.',
    },
  },
  ru: {
    passwordReset: {
      subject: 'Код для сброса пароля',
      title: 'Сбросьте пароль',
      preheader: (code: string, minutes: number) =>
        `Ваш код для сброса пароля: ${code}. Он действует ${minutes} минут.`,
      body: (app: string, minutes: number) =>
        `Кто-то запросил сброс пароля от вашего аккаунта ${app}. Введите этот код, чтобы задать новый пароль. Он действует ${minutes} минут.`,
      footnote: 'Если это были не вы, проигнорируйте письмо: ваш пароль остался прежним.',
    },
    passwordChanged: {
      subject: 'Ваш пароль изменён',
      preheader: (app: string) => `Пароль от вашего аккаунта ${app} изменён.`,
      body: (app: string, at: string) => `Пароль от вашего аккаунта ${app} был изменён ${at}.`,
      hold: 'Все остальные сеансы завершены. Для вашей безопасности выводы в ближайшие 24 часа пройдут проверку.',
      footnote: 'Если это были не вы, сразу сбросьте пароль через «Забыли пароль?» и напишите в поддержку.',
    },
  },
} as const satisfies Record<TLanguageCode, unknown>;

export function passwordResetEmail(input: Recipient & { code: string }): AuthEmail {
  const words = WORDS[languageOf(input)].passwordReset;
  return accountEmail(input, words.subject, {
    title: words.title,
    preheader: words.preheader(input.code, CODE_TTL_MINUTES),
    paragraphs: [words.body(input.brand.appName, CODE_TTL_MINUTES)],
    code: input.code,
    footnote: words.footnote,
  });
}

export function passwordChangedEmail(input: Recipient & { at: Date }): AuthEmail {
  const language = languageOf(input);
  const words = WORDS[language].passwordChanged;
  const app = input.brand.appName;
  return accountEmail(input, words.subject, {
    preheader: words.preheader(app),
    paragraphs: [words.body(app, formatMailTime(input.at, language)), words.hold],
    footnote: words.footnote,
  });
}
