/**
 * What every account mail shares: its form for the mailer, its recipient (name, language,
 * anti-phishing phrase, brand) and the layout's common parts. The mails themselves are by purpose:
 * `signup-emails.ts`, `password-emails.ts`, `security-emails.ts`, `withdrawal-emails.ts`.
 */
import type { TLanguageCode } from '@td/contracts/auth';
import { EMAIL_CODE_TTL_S } from '@td/contracts/auth';
import type { Logger } from '../../platform/logger';
import { type Brand, type EmailContent, greetingFor, renderEmail } from '../../platform/mail/email-layout';
import type { Mailer } from '../../platform/mail/mailer';

/** A mail ready for the mailer, less its recipient. */
export interface AuthEmail {
  subject: string;
  text: string;
  html: string;
}

/** Every account mail carries the user's anti-phishing phrase when they have set one. */
export interface Recipient {
  firstName: string;
  antiPhishingPhrase?: string | null;
  /** The product's name and support address, as the operator set them. */
  brand: Brand;
  /** The language the account's mails are written in (English when not given). */
  language?: TLanguageCode | undefined;
}

/** How long an e-mailed code works, as the mails say it. */
export const CODE_TTL_MINUTES = Math.round(EMAIL_CODE_TTL_S / 60);

export const languageOf = (input: Recipient): TLanguageCode => input.language ?? 'en';

/** A mail's recipient under `brand`: the account's name, language and anti-phishing phrase. */
export const recipientOf = (
  account: Pick<Recipient, 'firstName' | 'language' | 'antiPhishingPhrase'>,
  brand: Brand,
): Recipient => ({
  brand,
  firstName: account.firstName,
  language: account.language,
  antiPhishingPhrase: account.antiPhishingPhrase,
});

/** What a mail says in the layout; its title is its subject unless it has its own. */
type MailContent = Omit<EmailContent, 'language' | 'greeting' | 'antiPhishingPhrase' | 'brand' | 'title'> & {
  title?: string;
};

/**
 * An account mail to `input` in the shared layout, with the parts every one of them carries: its
 * language, greeting, anti-phishing phrase and brand.
 */
export function accountEmail(input: Recipient, subject: string, content: MailContent): AuthEmail {
  const language = languageOf(input);
  return {
    subject,
    ...renderEmail({
      language,
      greeting: greetingFor(input.firstName, language),
      antiPhishingPhrase: input.antiPhishingPhrase,
      brand: input.brand,
      ...content,
      title: content.title ?? subject,
    }),
  };
}

/** The account a mail goes to: its address, and what its recipient is made of. */
type MailedAccount = Pick<Recipient, 'firstName' | 'language' | 'antiPhishingPhrase'> & { email: string };

/**
 * Mails an account after the answer (a slow mail server never slows or fails the request), the mail
 * written to it as `to` (see `recipientOf`) under the brand the operator has set.
 */
export function createAccountMailer(deps: { mailer: Mailer; logger: Logger; brand: () => Promise<Brand> }) {
  return (account: MailedAccount, mail: (to: Recipient) => AuthEmail): void => {
    deps
      .brand()
      .then((brand) => deps.mailer.send({ to: account.email, ...mail(recipientOf(account, brand)) }))
      .catch((error: unknown) =>
        deps.logger.error({ err: error, to: account.email }, 'sending a mail failed'),
      );
  };
}
