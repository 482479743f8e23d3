/**
 * The mails of signing up: the code (and link) that verifies a new address, and the word to an
 * address's owner when someone signs up with it again.
 */
import type { TLanguageCode } from '@td/contracts/auth';
import { type AuthEmail, accountEmail, CODE_TTL_MINUTES, languageOf, type Recipient } from './auth-emails';

/** Each sign-up mail's words in each language the product speaks; `app` is the product's name. */
const WORDS = {
  en: {
    verification: {
      subject: 'Verify your email address',
      preheader: (code: string, minutes: number) =>
        `Your verification code is ${code}. It expires in ${minutes} minutes.`,
      welcome: (app: string, minutes: number) =>
        `Welcome to ${app}. Enter this code to verify your email address. It expires in ${minutes} minutes.`,
      link: 'Or open the link below to verify in one click.',
      button: 'Verify email address',
      footnote: (app: string) =>
        `If you did not create a ${app} account, ignore this email: nothing happens without the code.`,
    },
    signupAttempt: {
      subject: 'Someone tried to sign up with your email',
      title: 'You already have an account',
      preheader: (app: string) => `Someone tried to create a ${app} account with this email address.`,
      body: (app: string) =>
        `Someone just tried to create a ${app} account with this email address, which already has one.`,
      hint: 'If it was you, sign in instead. Forgot your password? Use “Forgot password” on the sign-in page.',
      footnote: 'If it wasn’t you, ignore this email: your account is unchanged.',
    },
  },
  es: {
    verification: {
      subject: 'Verifica tu correo electrónico',
      preheader: (code: string, minutes: number) =>
        `Tu código de verificación es ${code}. Caduca en ${minutes} minutos.`,
      welcome: (app: string, minutes: number) =>
        `Te damos la bienvenida a ${app}. Introduce este código para verificar tu correo electrónico. Caduca en ${minutes} minutos.`,
      link: 'O abre el enlace de abajo para verificarlo con un clic.',
      button: 'Verificar correo electrónico',
      footnote: (app: string) =>
        `Si no has creado una cuenta de ${app}, ignora este correo: sin el código no ocurre nada.`,
    },
    signupAttempt: {
      subject: 'Alguien intentó registrarse con tu correo',
      title: 'Ya tienes una cuenta',
      preheader: (app: string) => `Alguien intentó crear una cuenta de ${app} con este correo electrónico.`,
      body: (app: string) =>
        `Alguien acaba de intentar crear una cuenta de ${app} con este correo electrónico, que ya tiene una.`,
      hint: 'Si has sido tú, inicia sesión. ¿Olvidaste tu contraseña? Usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
      footnote: 'Si no has sido tú, ignora este correo: tu cuenta no ha cambiado.',
    },
  },
  ru: {
    verification: {
      subject: 'Подтвердите адрес электронной почты',
      preheader: (code: string, minutes: number) =>
        `Ваш код подтверждения: ${code}. Он действует ${minutes} минут.`,
      welcome: (app: string, minutes: number) =>
        `Добро пожаловать в ${app}. Введите этот код, чтобы подтвердить адрес электронной почты. Он действует ${minutes} минут.`,
      link: 'Или откройте ссылку ниже, чтобы подтвердить одним нажатием.',
      button: 'Подтвердить почту',
      footnote: (app: string) =>
        `Если вы не создавали аккаунт ${app}, просто проигнорируйте это письмо: без кода ничего не произойдёт.`,
    },
    signupAttempt: {
      subject: 'Кто-то пытался зарегистрироваться с вашей почтой',
      title: 'У вас уже есть аккаунт',
      preheader: (app: string) => `Кто-то пытался создать аккаунт ${app} с этим адресом почты.`,
      body: (app: string) =>
        `Только что кто-то пытался создать аккаунт ${app} с этим адресом почты, но аккаунт с ним уже есть.`,
      hint: 'Если это были вы, просто войдите. Забыли пароль? Нажмите «Забыли пароль?» на странице входа.',
      footnote: 'Если это были не вы, проигнорируйте письмо: с вашим аккаунтом ничего не произошло.',
    },
  },
} as const satisfies Record<TLanguageCode, unknown>;

export function verificationEmail(input: Recipient & { code: string; link: string }): AuthEmail {
  const words = WORDS[languageOf(input)].verification;
  const app = input.brand.appName;
  return accountEmail(input, words.subject, {
    preheader: words.preheader(input.code, CODE_TTL_MINUTES),
    paragraphs: [words.welcome(app, CODE_TTL_MINUTES), words.link],
    code: input.code,
    button: { label: words.button, url: input.link },
    footnote: words.footnote(app),
  });
}

/**
 * Sent instead of a verification mail when someone signs up with an address that has an account:
 * the signup answer looks the same either way, so only the owner of the mailbox learns the truth.
 */
export function signupAttemptEmail(input: Recipient): AuthEmail {
  const words = WORDS[languageOf(input)].signupAttempt;
  const app = input.brand.appName;
  return accountEmail(input, words.subject, {
    title: words.title,
    preheader: words.preheader(app),
    paragraphs: [words.body(app), words.hint],
    footnote: words.footnote,
  });
}
