import type { TLanguageCode } from '@td/contracts/auth';
import { EMAIL_CODE_TTL_S } from '@td/contracts/auth';
import { type Brand, formatMailTime, greetingFor, renderEmail } from '../../platform/mail/email-layout';

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
  /** The language the account's mails are written in (English when not given). */
  language?: TLanguageCode | undefined;
}

const CODE_TTL_MINUTES = Math.round(EMAIL_CODE_TTL_S / 60);

// The device is the client's User-Agent, which the client writes and may make as long as it likes.
const DEVICE_LENGTH_MAX = 120;
const clipDevice = (device: string) =>
  device.length > DEVICE_LENGTH_MAX ? `${device.slice(0, DEVICE_LENGTH_MAX - 1)}…` : device;

/** The labelled lines that say where a sign-in came from. */
const WHERE = {
  en: { device: 'Device', ip: 'IP address', time: 'Time' },
  es: { device: 'Dispositivo', ip: 'Dirección IP', time: 'Hora' },
  ru: { device: 'Устройство', ip: 'IP-адрес', time: 'Время' },
} as const satisfies Record<TLanguageCode, unknown>;

/** Each account mail's words in each language the product speaks; `app` is the product's name. */
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
    signinCode: {
      subject: 'Confirm your sign-in',
      preheader: (code: string, minutes: number) =>
        `Your sign-in code is ${code}. It expires in ${minutes} minutes.`,
      body: (app: string, minutes: number) =>
        `Someone entered the right password for your ${app} account from a new address, after several wrong ones. Enter this code to finish signing in. It expires in ${minutes} minutes.`,
      footnote:
        'If it wasn’t you, do not share the code: someone knows your password. Change it now with “Forgot password”.',
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
    passwordReset: {
      subject: 'Your password reset code',
      title: 'Reset your password',
      preheader: (code: string, minutes: number) =>
        `Your password reset code is ${code}. It expires in ${minutes} minutes.`,
      body: (app: string, minutes: number) =>
        `Someone asked to reset the password of your ${app} account. Enter this code to choose a new password. It expires in ${minutes} minutes.`,
      footnote: 'If it wasn’t you, ignore this email: your password stays as it is.',
    },
    newDevice: {
      subject: 'New sign-in to your account',
      preheader: (device: string) => `A new sign-in from ${device}.`,
      body: (app: string) =>
        `Your ${app} account was just signed in to from a device we have not seen before.`,
      ok: 'If this was you, there is nothing to do.',
      footnote:
        'If it wasn’t you, reset your password now and review your sessions under Security, where you can sign out every other device.',
    },
    passwordChanged: {
      subject: 'Your password was changed',
      preheader: (app: string) => `The password of your ${app} account was changed.`,
      body: (app: string, at: string) => `The password of your ${app} account was changed on ${at}.`,
      hold: 'Every other session was signed out. For your safety, withdrawals made in the next 24 hours wait for a review.',
      footnote: 'If it wasn’t you, reset your password at once with “Forgot password” and contact support.',
    },
    tfaChanged: {
      subject: (isOn: boolean) => `Two-factor authentication ${isOn ? 'enabled' : 'disabled'}`,
      preheader: (isOn: boolean, app: string) =>
        `Two-factor authentication was ${isOn ? 'enabled' : 'disabled'} on your ${app} account.`,
      body: (isOn: boolean, app: string, at: string) =>
        `Two-factor authentication was ${isOn ? 'enabled' : 'disabled'} on your ${app} account on ${at}.`,
      on: 'From now on, signing in needs a code from your authenticator app. Keep your recovery codes somewhere safe.',
      off: 'Signing in now needs only your password. We recommend turning two-factor back on under Security.',
      footnote:
        'If it wasn’t you, reset your password now, review your sessions under Security, and contact support.',
    },
    withdrawalCode: {
      subject: 'Confirm your withdrawal',
      preheader: (code: string, minutes: number) =>
        `Your withdrawal code is ${code}. It expires in ${minutes} minutes.`,
      body: (what: TWithdrawal, minutes: number) =>
        `Enter this code to confirm the withdrawal of ${what.amount} USD as ${what.coin} on ${what.network} to ${what.address}. It expires in ${minutes} minutes.`,
      footnote:
        'If you did not ask for this withdrawal, do not share the code: change your password and contact support.',
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
    signinCode: {
      subject: 'Confirma tu inicio de sesión',
      preheader: (code: string, minutes: number) =>
        `Tu código de inicio de sesión es ${code}. Caduca en ${minutes} minutos.`,
      body: (app: string, minutes: number) =>
        `Alguien ha introducido la contraseña correcta de tu cuenta de ${app} desde una dirección nueva, después de varios intentos fallidos. Introduce este código para terminar de iniciar sesión. Caduca en ${minutes} minutos.`,
      footnote:
        'Si no has sido tú, no compartas el código: alguien conoce tu contraseña. Cámbiala ahora con «¿Olvidaste tu contraseña?».',
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
    passwordReset: {
      subject: 'Tu código para restablecer la contraseña',
      title: 'Restablece tu contraseña',
      preheader: (code: string, minutes: number) =>
        `Tu código para restablecer la contraseña es ${code}. Caduca en ${minutes} minutos.`,
      body: (app: string, minutes: number) =>
        `Alguien ha pedido restablecer la contraseña de tu cuenta de ${app}. Introduce este código para elegir una contraseña nueva. Caduca en ${minutes} minutos.`,
      footnote: 'Si no has sido tú, ignora este correo: tu contraseña sigue igual.',
    },
    newDevice: {
      subject: 'Nuevo inicio de sesión en tu cuenta',
      preheader: (device: string) => `Un nuevo inicio de sesión desde ${device}.`,
      body: (app: string) =>
        `Se acaba de iniciar sesión en tu cuenta de ${app} desde un dispositivo que no habíamos visto antes.`,
      ok: 'Si has sido tú, no tienes que hacer nada.',
      footnote:
        'Si no has sido tú, restablece tu contraseña ahora y revisa tus sesiones en Seguridad, donde puedes cerrar la sesión en todos los demás dispositivos.',
    },
    passwordChanged: {
      subject: 'Tu contraseña se ha cambiado',
      preheader: (app: string) => `La contraseña de tu cuenta de ${app} se ha cambiado.`,
      body: (app: string, at: string) => `La contraseña de tu cuenta de ${app} se cambió el ${at}.`,
      hold: 'Se han cerrado todas las demás sesiones. Por tu seguridad, los retiros de las próximas 24 horas esperarán una revisión.',
      footnote:
        'Si no has sido tú, restablece tu contraseña de inmediato con «¿Olvidaste tu contraseña?» y contacta con soporte.',
    },
    tfaChanged: {
      subject: (isOn: boolean) => `Verificación en dos pasos ${isOn ? 'activada' : 'desactivada'}`,
      preheader: (isOn: boolean, app: string) =>
        `La verificación en dos pasos se ha ${isOn ? 'activado' : 'desactivado'} en tu cuenta de ${app}.`,
      body: (isOn: boolean, app: string, at: string) =>
        `La verificación en dos pasos se ${isOn ? 'activó' : 'desactivó'} en tu cuenta de ${app} el ${at}.`,
      on: 'A partir de ahora, para iniciar sesión necesitas un código de tu aplicación de autenticación. Guarda tus códigos de recuperación en un lugar seguro.',
      off: 'Ahora para iniciar sesión solo necesitas tu contraseña. Te recomendamos volver a activar la verificación en dos pasos en Seguridad.',
      footnote:
        'Si no has sido tú, restablece tu contraseña ahora, revisa tus sesiones en Seguridad y contacta con soporte.',
    },
    withdrawalCode: {
      subject: 'Confirma tu retiro',
      preheader: (code: string, minutes: number) =>
        `Tu código de retiro es ${code}. Caduca en ${minutes} minutos.`,
      body: (what: TWithdrawal, minutes: number) =>
        `Introduce este código para confirmar el retiro de ${what.amount} USD en ${what.coin} por ${what.network} a ${what.address}. Caduca en ${minutes} minutos.`,
      footnote:
        'Si no has pedido este retiro, no compartas el código: cambia tu contraseña y contacta con soporte.',
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
    signinCode: {
      subject: 'Подтвердите вход',
      preheader: (code: string, minutes: number) =>
        `Ваш код для входа: ${code}. Он действует ${minutes} минут.`,
      body: (app: string, minutes: number) =>
        `Кто-то ввёл верный пароль от вашего аккаунта ${app} с нового адреса после нескольких неверных попыток. Введите этот код, чтобы завершить вход. Он действует ${minutes} минут.`,
      footnote:
        'Если это были не вы, никому не сообщайте код: кто-то знает ваш пароль. Смените его сейчас через «Забыли пароль?».',
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
    passwordReset: {
      subject: 'Код для сброса пароля',
      title: 'Сбросьте пароль',
      preheader: (code: string, minutes: number) =>
        `Ваш код для сброса пароля: ${code}. Он действует ${minutes} минут.`,
      body: (app: string, minutes: number) =>
        `Кто-то запросил сброс пароля от вашего аккаунта ${app}. Введите этот код, чтобы задать новый пароль. Он действует ${minutes} минут.`,
      footnote: 'Если это были не вы, проигнорируйте письмо: ваш пароль остался прежним.',
    },
    newDevice: {
      subject: 'Новый вход в ваш аккаунт',
      preheader: (device: string) => `Новый вход с устройства ${device}.`,
      body: (app: string) =>
        `В ваш аккаунт ${app} только что вошли с устройства, которого мы раньше не видели.`,
      ok: 'Если это были вы, ничего делать не нужно.',
      footnote:
        'Если это были не вы, сейчас же сбросьте пароль и проверьте сеансы в разделе «Безопасность» — там можно завершить все остальные сеансы.',
    },
    passwordChanged: {
      subject: 'Ваш пароль изменён',
      preheader: (app: string) => `Пароль от вашего аккаунта ${app} изменён.`,
      body: (app: string, at: string) => `Пароль от вашего аккаунта ${app} был изменён ${at}.`,
      hold: 'Все остальные сеансы завершены. Для вашей безопасности выводы в ближайшие 24 часа пройдут проверку.',
      footnote: 'Если это были не вы, сразу сбросьте пароль через «Забыли пароль?» и напишите в поддержку.',
    },
    tfaChanged: {
      subject: (isOn: boolean) => `Двухфакторная аутентификация ${isOn ? 'включена' : 'отключена'}`,
      preheader: (isOn: boolean, app: string) =>
        `В вашем аккаунте ${app} ${isOn ? 'включена' : 'отключена'} двухфакторная аутентификация.`,
      body: (isOn: boolean, app: string, at: string) =>
        `Двухфакторная аутентификация в вашем аккаунте ${app} была ${isOn ? 'включена' : 'отключена'} ${at}.`,
      on: 'Теперь для входа нужен код из приложения-аутентификатора. Храните резервные коды в надёжном месте.',
      off: 'Теперь для входа достаточно пароля. Рекомендуем снова включить двухфакторную аутентификацию в разделе «Безопасность».',
      footnote:
        'Если это были не вы, сейчас же сбросьте пароль, проверьте сеансы в разделе «Безопасность» и напишите в поддержку.',
    },
    withdrawalCode: {
      subject: 'Подтвердите вывод средств',
      preheader: (code: string, minutes: number) =>
        `Ваш код для вывода: ${code}. Он действует ${minutes} минут.`,
      body: (what: TWithdrawal, minutes: number) =>
        `Введите этот код, чтобы подтвердить вывод ${what.amount} USD в ${what.coin} через сеть ${what.network} на адрес ${what.address}. Он действует ${minutes} минут.`,
      footnote:
        'Если вы не запрашивали этот вывод, никому не сообщайте код: смените пароль и напишите в поддержку.',
    },
  },
} as const satisfies Record<TLanguageCode, unknown>;

interface TWithdrawal {
  amount: string;
  coin: string;
  network: string;
  address: string;
}

const languageOf = (input: Recipient): TLanguageCode => input.language ?? 'en';
/** The layout's parts every account mail shares: its language, greeting, phrase and brand. */
const common = (input: Recipient) => ({
  language: languageOf(input),
  greeting: greetingFor(input.firstName, languageOf(input)),
  antiPhishingPhrase: input.antiPhishingPhrase,
  brand: input.brand,
});

export function verificationEmail(input: Recipient & { code: string; link: string }): AuthEmail {
  const words = WORDS[languageOf(input)].verification;
  const app = input.brand.appName;
  return {
    subject: words.subject,
    ...renderEmail({
      ...common(input),
      title: words.subject,
      preheader: words.preheader(input.code, CODE_TTL_MINUTES),
      paragraphs: [words.welcome(app, CODE_TTL_MINUTES), words.link],
      code: input.code,
      button: { label: words.button, url: input.link },
      footnote: words.footnote(app),
    }),
  };
}

/**
 * A sign-in from an address the account has not used, after repeated wrong passwords: the right
 * password alone is not enough, the owner confirms with this code.
 */
export function signinCodeEmail(input: Recipient & { code: string; device: string; ip: string }): AuthEmail {
  const language = languageOf(input);
  const words = WORDS[language].signinCode;
  const where = WHERE[language];
  return {
    subject: words.subject,
    ...renderEmail({
      ...common(input),
      title: words.subject,
      preheader: words.preheader(input.code, CODE_TTL_MINUTES),
      paragraphs: [
        words.body(input.brand.appName, CODE_TTL_MINUTES),
        `${where.device}: ${clipDevice(input.device)}`,
        `${where.ip}: ${input.ip}`,
      ],
      code: input.code,
      footnote: words.footnote,
    }),
  };
}

/**
 * Sent instead of a verification mail when someone signs up with an address that has an account:
 * the signup answer looks the same either way, so only the owner of the mailbox learns the truth.
 */
export function signupAttemptEmail(input: Recipient): AuthEmail {
  const words = WORDS[languageOf(input)].signupAttempt;
  const app = input.brand.appName;
  return {
    subject: words.subject,
    ...renderEmail({
      ...common(input),
      title: words.title,
      preheader: words.preheader(app),
      paragraphs: [words.body(app), words.hint],
      footnote: words.footnote,
    }),
  };
}

export function passwordResetEmail(input: Recipient & { code: string }): AuthEmail {
  const words = WORDS[languageOf(input)].passwordReset;
  return {
    subject: words.subject,
    ...renderEmail({
      ...common(input),
      title: words.title,
      preheader: words.preheader(input.code, CODE_TTL_MINUTES),
      paragraphs: [words.body(input.brand.appName, CODE_TTL_MINUTES)],
      code: input.code,
      footnote: words.footnote,
    }),
  };
}

export function newDeviceEmail(input: Recipient & { device: string; ip: string; at: Date }): AuthEmail {
  const language = languageOf(input);
  const words = WORDS[language].newDevice;
  const where = WHERE[language];
  const device = clipDevice(input.device);
  return {
    subject: words.subject,
    ...renderEmail({
      ...common(input),
      title: words.subject,
      preheader: words.preheader(device),
      paragraphs: [
        words.body(input.brand.appName),
        `${where.device}: ${device}`,
        `${where.ip}: ${input.ip}`,
        `${where.time}: ${formatMailTime(input.at, language)}`,
        words.ok,
      ],
      footnote: words.footnote,
    }),
  };
}

export function passwordChangedEmail(input: Recipient & { at: Date }): AuthEmail {
  const language = languageOf(input);
  const words = WORDS[language].passwordChanged;
  const app = input.brand.appName;
  return {
    subject: words.subject,
    ...renderEmail({
      ...common(input),
      title: words.subject,
      preheader: words.preheader(app),
      paragraphs: [words.body(app, formatMailTime(input.at, language)), words.hold],
      footnote: words.footnote,
    }),
  };
}

export function tfaChangedEmail(input: Recipient & { enabled: boolean; at: Date }): AuthEmail {
  const language = languageOf(input);
  const words = WORDS[language].tfaChanged;
  const app = input.brand.appName;
  const subject = words.subject(input.enabled);
  return {
    subject,
    ...renderEmail({
      ...common(input),
      title: subject,
      preheader: words.preheader(input.enabled, app),
      paragraphs: [
        words.body(input.enabled, app, formatMailTime(input.at, language)),
        input.enabled ? words.on : words.off,
      ],
      footnote: words.footnote,
    }),
  };
}

export function withdrawalCodeEmail(input: Recipient & TWithdrawal & { code: string }): AuthEmail {
  const words = WORDS[languageOf(input)].withdrawalCode;
  return {
    subject: words.subject,
    ...renderEmail({
      ...common(input),
      title: words.subject,
      preheader: words.preheader(input.code, CODE_TTL_MINUTES),
      paragraphs: [words.body(input, CODE_TTL_MINUTES)],
      code: input.code,
      footnote: words.footnote,
    }),
  };
}
