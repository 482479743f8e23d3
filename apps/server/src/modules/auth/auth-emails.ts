import { EMAIL_CODE_TTL_S } from '@td/contracts/auth';
import { type Brand, renderEmail } from '../../platform/mail/email-layout';

/** A mail ready for the mailer, less its recipient. */
export interface AuthEmail {
  subject: string;
  text: string;
  html: string;
}

/** Every account mail carries the user's anti-phishing phrase when they have set one. */
interface Recipient {
  firstName: string;
  antiPhishingPhrase?: string | null;
  /** The product's name and support address, as the operator set them. */
  brand: Brand;
}

const CODE_TTL_MINUTES = Math.round(EMAIL_CODE_TTL_S / 60);

// Account mails name their time in UTC, spelled out, so no reader mistakes 03/04 for 4 March.
const AT_FORMAT = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const formatAt = (at: Date) => `${AT_FORMAT.format(at)} UTC`;

const greet = (firstName: string) => `Hi ${firstName.trim() || 'there'},`;

// The device is the client's User-Agent, which the client writes and may make as long as it likes.
const DEVICE_LENGTH_MAX = 120;
const clipDevice = (device: string) =>
  device.length > DEVICE_LENGTH_MAX ? `${device.slice(0, DEVICE_LENGTH_MAX - 1)}…` : device;

/** The verification e-mail's words in each language the sign-up form speaks. */
const VERIFICATION_TEXT = {
  en: {
    subject: 'Verify your email address',
    greeting: (name: string) => `Hi ${name || 'there'},`,
    preheader: (code: string, minutes: number) =>
      `Your verification code is ${code}. It expires in ${minutes} minutes.`,
    welcome: (app: string, minutes: number) =>
      `Welcome to ${app}. Enter this code to verify your email address. It expires in ${minutes} minutes.`,
    link: 'Or open the link below to verify in one click.',
    button: 'Verify email address',
    footnote: (app: string) =>
      `If you did not create a ${app} account, ignore this email: nothing happens without the code.`,
  },
  es: {
    subject: 'Verifica tu correo electrónico',
    greeting: (name: string) => `Hola, ${name || ''}:`.replace(', :', ':'),
    preheader: (code: string, minutes: number) =>
      `Tu código de verificación es ${code}. Caduca en ${minutes} minutos.`,
    welcome: (app: string, minutes: number) =>
      `Te damos la bienvenida a ${app}. Introduce este código para verificar tu correo electrónico. Caduca en ${minutes} minutos.`,
    link: 'O abre el enlace de abajo para verificarlo con un clic.',
    button: 'Verificar correo electrónico',
    footnote: (app: string) =>
      `Si no has creado una cuenta de ${app}, ignora este correo: sin el código no ocurre nada.`,
  },
  ru: {
    subject: 'Подтвердите адрес электронной почты',
    greeting: (name: string) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    preheader: (code: string, minutes: number) =>
      `Ваш код подтверждения: ${code}. Он действует ${minutes} минут.`,
    welcome: (app: string, minutes: number) =>
      `Добро пожаловать в ${app}. Введите этот код, чтобы подтвердить адрес электронной почты. Он действует ${minutes} минут.`,
    link: 'Или откройте ссылку ниже, чтобы подтвердить одним нажатием.',
    button: 'Подтвердить почту',
    footnote: (app: string) =>
      `Если вы не создавали аккаунт ${app}, просто проигнорируйте это письмо: без кода ничего не произойдёт.`,
  },
} as const;

export function verificationEmail(
  input: Recipient & { code: string; link: string; language?: keyof typeof VERIFICATION_TEXT },
): AuthEmail {
  const text = VERIFICATION_TEXT[input.language ?? 'en'];
  const app = input.brand.appName;
  return {
    subject: text.subject,
    ...renderEmail({
      title: text.subject,
      preheader: text.preheader(input.code, CODE_TTL_MINUTES),
      greeting: text.greeting(input.firstName.trim()),
      paragraphs: [text.welcome(app, CODE_TTL_MINUTES), text.link],
      code: input.code,
      button: { label: text.button, url: input.link },
      antiPhishingPhrase: input.antiPhishingPhrase,
      brand: input.brand,
      footnote: text.footnote(app),
    }),
  };
}

/**
 * A sign-in from an address the account has not used, after repeated wrong passwords: the right
 * password alone is not enough, the owner confirms with this code.
 */
export function signinCodeEmail(input: Recipient & { code: string; device: string; ip: string }): AuthEmail {
  const subject = 'Confirm your sign-in';
  const device = clipDevice(input.device);
  return {
    subject,
    ...renderEmail({
      title: subject,
      preheader: `Your sign-in code is ${input.code}. It expires in ${CODE_TTL_MINUTES} minutes.`,
      greeting: greet(input.firstName),
      paragraphs: [
        `Someone entered the right password for your ${input.brand.appName} account from a new address, after several wrong ones. Enter this code to finish signing in. It expires in ${CODE_TTL_MINUTES} minutes.`,
        `Device: ${device}`,
        `IP address: ${input.ip}`,
      ],
      code: input.code,
      antiPhishingPhrase: input.antiPhishingPhrase,
      brand: input.brand,
      footnote:
        'If it wasn’t you, do not share the code: someone knows your password. Change it now with “Forgot password”.',
    }),
  };
}

/**
 * Sent instead of a verification mail when someone signs up with an address that has an account:
 * the signup answer looks the same either way, so only the owner of the mailbox learns the truth.
 */
export function signupAttemptEmail(input: Recipient): AuthEmail {
  const subject = 'Someone tried to sign up with your email';
  return {
    subject,
    ...renderEmail({
      title: 'You already have an account',
      preheader: `Someone tried to create a ${input.brand.appName} account with this email address.`,
      greeting: greet(input.firstName),
      paragraphs: [
        `Someone just tried to create a ${input.brand.appName} account with this email address, which already has one.`,
        'If it was you, sign in instead. Forgot your password? Use “Forgot password” on the sign-in page.',
      ],
      antiPhishingPhrase: input.antiPhishingPhrase,
      brand: input.brand,
      footnote: 'If it wasn’t you, ignore this email: your account is unchanged.',
    }),
  };
}

export function passwordResetEmail(input: Recipient & { code: string }): AuthEmail {
  const subject = 'Your password reset code';
  return {
    subject,
    ...renderEmail({
      title: 'Reset your password',
      preheader: `Your password reset code is ${input.code}. It expires in ${CODE_TTL_MINUTES} minutes.`,
      greeting: greet(input.firstName),
      paragraphs: [
        `Someone asked to reset the password of your ${input.brand.appName} account. Enter this code to choose a new password. It expires in ${CODE_TTL_MINUTES} minutes.`,
      ],
      code: input.code,
      antiPhishingPhrase: input.antiPhishingPhrase,
      brand: input.brand,
      footnote: 'If it wasn’t you, ignore this email: your password stays as it is.',
    }),
  };
}

export function newDeviceEmail(input: Recipient & { device: string; ip: string; at: Date }): AuthEmail {
  const subject = 'New sign-in to your account';
  const device = clipDevice(input.device);
  return {
    subject,
    ...renderEmail({
      title: subject,
      preheader: `A new sign-in from ${device}.`,
      greeting: greet(input.firstName),
      paragraphs: [
        `Your ${input.brand.appName} account was just signed in to from a device we have not seen before.`,
        `Device: ${device}`,
        `IP address: ${input.ip}`,
        `Time: ${formatAt(input.at)}`,
        'If this was you, there is nothing to do.',
      ],
      antiPhishingPhrase: input.antiPhishingPhrase,
      brand: input.brand,
      footnote:
        'If it wasn’t you, reset your password now and review your sessions under Security, where you can sign out every other device.',
    }),
  };
}

export function passwordChangedEmail(input: Recipient & { at: Date }): AuthEmail {
  const subject = 'Your password was changed';
  return {
    subject,
    ...renderEmail({
      title: subject,
      preheader: `The password of your ${input.brand.appName} account was changed.`,
      greeting: greet(input.firstName),
      paragraphs: [
        `The password of your ${input.brand.appName} account was changed on ${formatAt(input.at)}.`,
        'Every other session was signed out. For your safety, withdrawals made in the next 24 hours wait for a review.',
      ],
      antiPhishingPhrase: input.antiPhishingPhrase,
      brand: input.brand,
      footnote: 'If it wasn’t you, reset your password at once with “Forgot password” and contact support.',
    }),
  };
}

export function tfaChangedEmail(input: Recipient & { enabled: boolean; at: Date }): AuthEmail {
  const state = input.enabled ? 'enabled' : 'disabled';
  const subject = `Two-factor authentication ${state}`;
  return {
    subject,
    ...renderEmail({
      title: subject,
      preheader: `Two-factor authentication was ${state} on your ${input.brand.appName} account.`,
      greeting: greet(input.firstName),
      paragraphs: [
        `Two-factor authentication was ${state} on your ${input.brand.appName} account on ${formatAt(input.at)}.`,
        input.enabled
          ? 'From now on, signing in needs a code from your authenticator app. Keep your recovery codes somewhere safe.'
          : 'Signing in now needs only your password. We recommend turning two-factor back on under Security.',
      ],
      antiPhishingPhrase: input.antiPhishingPhrase,
      brand: input.brand,
      footnote:
        'If it wasn’t you, reset your password now, review your sessions under Security, and contact support.',
    }),
  };
}

export function withdrawalCodeEmail(
  input: Recipient & { code: string; amount: string; coin: string; network: string; address: string },
): AuthEmail {
  const subject = 'Confirm your withdrawal';
  return {
    subject,
    ...renderEmail({
      title: subject,
      preheader: `Your withdrawal code is ${input.code}. It expires in ${CODE_TTL_MINUTES} minutes.`,
      greeting: greet(input.firstName),
      paragraphs: [
        `Enter this code to confirm the withdrawal of ${input.amount} USD as ${input.coin} on ${input.network} to ${input.address}. It expires in ${CODE_TTL_MINUTES} minutes.`,
      ],
      code: input.code,
      antiPhishingPhrase: input.antiPhishingPhrase,
      brand: input.brand,
      footnote:
        'If you did not ask for this withdrawal, do not share the code: change your password and contact support.',
    }),
  };
}
