/**
 * The one look of every mail the product sends, as HTML and as plain text with the same content.
 * Mail clients ignore most CSS and strip `<style>` blocks, so the HTML is tables with inline styles,
 * in light colours only (a dark-mode client inverts them itself).
 */

import type { TLanguageCode } from '@td/contracts/auth';

export interface EmailContent {
  /** The language of the layout's own words (footer, code and phrase labels); English by default. */
  language?: TLanguageCode;
  title: string;
  /** The preview line mail clients show after the subject; not shown in the body. */
  preheader: string;
  greeting?: string;
  paragraphs: string[];
  /** A one-time code, shown large so it is read and typed without mistakes. */
  code?: string;
  button?: { label: string; url: string };
  /** The user's own phrase: a mail without it did not come from us. */
  antiPhishingPhrase?: string | null;
  footnote?: string;
  /** Whose mail it is: the name in the header and footer, and where to write with questions. */
  brand: Brand;
}

/** The product as the operator names it (the `general` settings' app name and support address). */
export interface Brand {
  appName: string;
  supportEmail: string | null;
}

/** The product's name and support address before an operator sets their own. */
export const DEFAULT_BRAND: Brand = { appName: 'Trading Desk', supportEmail: null };

/** The layout's own words in each language the product's mails are written in. */
const LAYOUT_WORDS = {
  en: {
    why: (app: string) => `You received this email because it concerns your ${app} account.`,
    never: (app: string) => `${app} will never ask for your password or codes.`,
    questions: (address: string) => `Questions? Write to ${address}.`,
    phrase: 'Your anti-phishing code:',
    code: 'Your code:',
    buttonFallback: 'If the button does not work, open this link:',
  },
  es: {
    why: (app: string) => `Recibes este correo porque se refiere a tu cuenta de ${app}.`,
    never: (app: string) => `${app} nunca te pedirá tu contraseña ni tus códigos.`,
    questions: (address: string) => `¿Tienes preguntas? Escribe a ${address}.`,
    phrase: 'Tu código antiphishing:',
    code: 'Tu código:',
    buttonFallback: 'Si el botón no funciona, abre este enlace:',
  },
  ru: {
    why: (app: string) => `Вы получили это письмо, потому что оно касается вашего аккаунта ${app}.`,
    never: (app: string) => `${app} никогда не просит ваш пароль или коды.`,
    questions: (address: string) => `Есть вопросы? Напишите на ${address}.`,
    phrase: 'Ваш антифишинговый код:',
    code: 'Ваш код:',
    buttonFallback: 'Если кнопка не работает, откройте эту ссылку:',
  },
} as const satisfies Record<TLanguageCode, unknown>;

const wordsOf = (content: EmailContent) => LAYOUT_WORDS[content.language ?? 'en'];

/** A mail's greeting: 'Hi Ann,' ('Hi there,' without a name), 'Hola, Ann:', 'Здравствуйте, Ann!'. */
export function greetingFor(firstName: string, language: TLanguageCode = 'en'): string {
  const name = firstName.trim();
  switch (language) {
    case 'es':
      return name ? `Hola, ${name}:` : 'Hola:';
    case 'ru':
      return name ? `Здравствуйте, ${name}!` : 'Здравствуйте!';
    default:
      return `Hi ${name || 'there'},`;
  }
}

// Account mails name their time in UTC, spelled out, so no reader mistakes 03/04 for 4 March.
const TIME_LOCALE = { en: 'en-GB', es: 'es-ES', ru: 'ru-RU' } as const satisfies Record<
  TLanguageCode,
  string
>;
const timeFormats = new Map<TLanguageCode, Intl.DateTimeFormat>();
/** '4 March 2025 at 14:05 UTC', '4 de marzo de 2025, 14:05 UTC', '4 марта 2025 г. в 14:05 UTC'. */
export function formatMailTime(at: Date, language: TLanguageCode = 'en'): string {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(TIME_LOCALE[language], {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    timeFormats.set(language, format);
  }
  return `${format.format(at)} UTC`;
}

const figureSeparators = new Map<TLanguageCode, { group: string; decimal: string }>();
/**
 * A figure as the mail's language writes numbers, with the decimals it came with (as the web app
 * writes them): '42842.00' → '42,842.00', '42.842,00', '42 842,00'. Anything else stays as given.
 */
export function formatMailFigure(value: string, language: TLanguageCode = 'en'): string {
  const match = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return value;
  let separators = figureSeparators.get(language);
  if (!separators) {
    const parts = new Intl.NumberFormat(TIME_LOCALE[language], {
      useGrouping: 'always',
    } as Intl.NumberFormatOptions).formatToParts(12345.6);
    separators = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    };
    figureSeparators.set(language, separators);
  }
  const [, sign = '', integer = '0', fraction] = match;
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, separators.group);
  return `${sign}${grouped}${fraction === undefined ? '' : `${separators.decimal}${fraction}`}`;
}

/** The footer's lines: why the mail came, that we never ask for secrets, and where to ask. */
function footerLines(content: EmailContent): string[] {
  const { appName, supportEmail } = content.brand;
  const words = wordsOf(content);
  return [words.why(appName), words.never(appName), ...(supportEmail ? [words.questions(supportEmail)] : [])];
}

const COLOR = {
  brand: '#1f5eff',
  page: '#f3f5f9',
  card: '#ffffff',
  text: '#1b2233',
  muted: '#6b7385',
  border: '#e3e7ef',
  codeBackground: '#f0f4ff',
  phraseBackground: '#fff8e1',
  phraseBorder: '#f2c94c',
} as const;
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const MONO_FONT = "'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace";

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Only web links go into a mail: a `javascript:` or `data:` URL in a button would be a trap. */
function assertWebUrl(url: string): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error(`email button URL is not a URL: ${url}`);
  }
  if (protocol !== 'https:' && protocol !== 'http:')
    throw new Error(`email button URL is not http(s): ${url}`);
}

const paragraphHtml = (text: string, style = '') =>
  `<p style="margin:0 0 16px;font-size:15px;line-height:24px;color:${COLOR.text};${style}">${escapeHtml(text)}</p>`;

function renderHtml(content: EmailContent): string {
  const { title, preheader, greeting, paragraphs, code, button, antiPhishingPhrase, footnote } = content;
  const rows: string[] = [];
  if (antiPhishingPhrase) {
    rows.push(
      `<tr><td style="padding:0 0 20px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="padding:12px 16px;background:${COLOR.phraseBackground};border:1px solid ${COLOR.phraseBorder};border-radius:6px;font-size:14px;line-height:20px;color:${COLOR.text};">${escapeHtml(wordsOf(content).phrase)} <strong style="font-size:16px;">${escapeHtml(antiPhishingPhrase)}</strong></td></tr></table></td></tr>`,
    );
  }
  rows.push(
    `<tr><td style="padding:0 0 16px;"><h1 style="margin:0;font-size:22px;line-height:30px;font-weight:700;color:${COLOR.text};">${escapeHtml(title)}</h1></td></tr>`,
  );
  const body = [greeting ? paragraphHtml(greeting) : '', ...paragraphs.map((text) => paragraphHtml(text))];
  rows.push(`<tr><td>${body.join('')}</td></tr>`);
  if (code) {
    rows.push(
      `<tr><td align="center" style="padding:8px 0 24px;"><table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td align="center" style="padding:16px 20px 16px 28px;background:${COLOR.codeBackground};border:1px solid ${COLOR.border};border-radius:8px;font-family:${MONO_FONT};font-size:32px;line-height:40px;font-weight:700;letter-spacing:8px;color:${COLOR.text};">${escapeHtml(code)}</td></tr></table></td></tr>`,
    );
  }
  if (button) {
    const href = escapeHtml(button.url);
    rows.push(
      `<tr><td align="center" style="padding:8px 0 24px;"><table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td align="center" bgcolor="${COLOR.brand}" style="border-radius:6px;"><a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 28px;font-size:15px;font-weight:600;line-height:20px;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(button.label)}</a></td></tr></table></td></tr>`,
      `<tr><td style="padding:0 0 16px;font-size:13px;line-height:20px;color:${COLOR.muted};">${escapeHtml(wordsOf(content).buttonFallback)} <a href="${href}" target="_blank" rel="noopener" style="color:${COLOR.brand};word-break:break-all;">${escapeHtml(button.url)}</a></td></tr>`,
    );
  }
  if (footnote)
    rows.push(`<tr><td>${paragraphHtml(footnote, `font-size:13px;color:${COLOR.muted};`)}</td></tr>`);

  return `<!DOCTYPE html>
<html lang="${content.language ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:${COLOR.page};font-family:${FONT};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${escapeHtml(preheader)}${'&#8199;&#847;'.repeat(40)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLOR.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:16px 24px;background:${COLOR.brand};border-radius:8px 8px 0 0;font-size:18px;font-weight:700;line-height:24px;color:#ffffff;">${escapeHtml(content.brand.appName)}</td></tr>
<tr><td style="padding:28px 24px 12px;background:${COLOR.card};border:1px solid ${COLOR.border};border-top:0;border-radius:0 0 8px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="font-family:${FONT};">
${rows.join('\n')}
</table>
</td></tr>
<tr><td style="padding:20px 24px;font-size:12px;line-height:18px;color:${COLOR.muted};text-align:center;">${footerLines(content).map(escapeHtml).join('<br>')}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderText(content: EmailContent): string {
  const { title, greeting, paragraphs, code, button, antiPhishingPhrase, footnote } = content;
  const blocks: string[] = [content.brand.appName];
  const words = wordsOf(content);
  if (antiPhishingPhrase) blocks.push(`${words.phrase} ${antiPhishingPhrase}`);
  blocks.push(title);
  if (greeting) blocks.push(greeting);
  blocks.push(...paragraphs);
  if (code) blocks.push(`${words.code} ${code}`);
  if (button) blocks.push(`${button.label}: ${button.url}`);
  if (footnote) blocks.push(footnote);
  blocks.push(`--\n${footerLines(content).join('\n')}`);
  return `${blocks.join('\n\n')}\n`;
}

/** Both bodies of one mail. Every value is escaped in the HTML; the text carries it as it is. */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  if (content.button) assertWebUrl(content.button.url);
  return { html: renderHtml(content), text: renderText(content) };
}
