/**
 * The mails that guard signing in: the code that confirms a sign-in from a new address, and the
 * notices of a sign-in from a new device and of two-factor turned on or off.
 */
import type { TLanguageCode } from '@td/contracts/auth';
import { formatMailTime } from '../../platform/mail/email-layout';
import { type AuthEmail, accountEmail, CODE_TTL_MINUTES, languageOf, type Recipient } from './auth-emails';

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

/** Each sign-in security mail's words in each language the product speaks; `app` is the product's name. */
const WORDS = {
  en: {
    signinCode: {
      subject: 'Confirm your sign-in',
      preheader: (code: string, minutes: number) =>
        `Your sign-in code is ${code}. It expires in ${minutes} minutes.`,
      body: (app: string, minutes: number) =>
        `Someone entered the right password for your ${app} account from a new address, after several wrong ones. Enter this code to finish signing in. It expires in ${minutes} minutes.`,
      footnote:
        'If it wasn’t you, do not share the code: someone knows your password. Change it now with “Forgot password”.',
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
  },
  es: {
    signinCode: {
      subject: 'Confirma tu inicio de sesión',
      preheader: (code: string, minutes: number) =>
        `Tu código de inicio de sesión es ${code}. Caduca en ${minutes} minutos.`,
      body: (app: string, minutes: number) =>
        `Alguien ha introducido la contraseña correcta de tu cuenta de ${app} desde una dirección nueva, después de varios intentos fallidos. Introduce este código para terminar de iniciar sesión. Caduca en ${minutes} minutos.`,
      footnote:
        'Si no has sido tú, no compartas el código: alguien conoce tu contraseña. Cámbiala ahora con «¿Olvidaste tu contraseña?».',
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
  },
  ru: {
    signinCode: {
      subject: 'Подтвердите вход',
      preheader: (code: string, minutes: number) =>
        `Ваш код для входа: ${code}. Он действует ${minutes} минут.`,
      body: (app: string, minutes: number) =>
        `Кто-то ввёл верный пароль от вашего аккаунта ${app} с нового адреса после нескольких неверных попыток. Введите этот код, чтобы завершить вход. Он действует ${minutes} минут.`,
      footnote:
        'Если это были не вы, никому не сообщайте код: кто-то знает ваш пароль. Смените его сейчас через «Забыли пароль?».',
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
  },
} as const satisfies Record<TLanguageCode, unknown>;

/**
 * A sign-in from an address the account has not used, after repeated wrong passwords: the right
 * password alone is not enough, the owner confirms with this code.
 */
export function signinCodeEmail(input: Recipient & { code: string; device: string; ip: string }): AuthEmail {
  const language = languageOf(input);
  const words = WORDS[language].signinCode;
  const where = WHERE[language];
  return accountEmail(input, words.subject, {
    preheader: words.preheader(input.code, CODE_TTL_MINUTES),
    paragraphs: [
      words.body(input.brand.appName, CODE_TTL_MINUTES),
      `${where.device}: ${clipDevice(input.device)}`,
      `${where.ip}: ${input.ip}`,
    ],
    code: input.code,
    footnote: words.footnote,
  });
}

export function newDeviceEmail(input: Recipient & { device: string; ip: string; at: Date }): AuthEmail {
  const language = languageOf(input);
  const words = WORDS[language].newDevice;
  const where = WHERE[language];
  const device = clipDevice(input.device);
  return accountEmail(input, words.subject, {
    preheader: words.preheader(device),
    paragraphs: [
      words.body(input.brand.appName),
      `${where.device}: ${device}`,
      `${where.ip}: ${input.ip}`,
      `${where.time}: ${formatMailTime(input.at, language)}`,
      words.ok,
    ],
    footnote: words.footnote,
  });
}

export function tfaChangedEmail(input: Recipient & { enabled: boolean; at: Date }): AuthEmail {
  const language = languageOf(input);
  const words = WORDS[language].tfaChanged;
  const app = input.brand.appName;
  const subject = words.subject(input.enabled);
  return accountEmail(input, subject, {
    preheader: words.preheader(input.enabled, app),
    paragraphs: [
      words.body(input.enabled, app, formatMailTime(input.at, language)),
      input.enabled ? words.on : words.off,
    ],
    footnote: words.footnote,
  });
}
