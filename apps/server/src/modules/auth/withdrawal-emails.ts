/** The mail of a withdrawal: the code that confirms it, naming what leaves and where to. */
import type { TLanguageCode } from '@td/contracts/auth';
import { type AuthEmail, accountEmail, CODE_TTL_MINUTES, languageOf, type Recipient } from './auth-emails';

/** What a withdrawal's code confirms. */
interface TWithdrawal {
  amount: string;
  coin: string;
  network: string;
  address: string;
}

/** The withdrawal mail's words in each language the product speaks. */
const WORDS = {
  en: {
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

export function withdrawalCodeEmail(input: Recipient & TWithdrawal & { code: string }): AuthEmail {
  const words = WORDS[languageOf(input)].withdrawalCode;
  return accountEmail(input, words.subject, {
    preheader: words.preheader(input.code, CODE_TTL_MINUTES),
    paragraphs: [words.body(input, CODE_TTL_MINUTES)],
    code: input.code,
    footnote: words.footnote,
  });
}
