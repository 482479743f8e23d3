// A real SMTP server for tests: the product sends mail to it over SMTP, and the test waits for a
// mail, reads its subject, text and code, or has mail to an address refused as a filter would.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function decodePart(part: string): { type: string; body: string } {
  const split = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, split);
  const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = /content-type:\s*([^;\s]+)/i.exec(head)?.[1]?.toLowerCase() ?? 'text/plain';
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return { type, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') return { type, body: decodeQuotedPrintable(body) };
  return { type, body };
}

/** Enough MIME for our own mails: headers, and the text and HTML parts of multipart/alternative. */
export function parseMail(raw: string): Omit<ReceivedMail, 'to'> {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
  const rawSubject = /^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '';
  // Encoded words (RFC 2047): the space between two of them is not part of the text, and a
  // character's bytes may be split across them, so their bytes are joined before decoding.
  const subject = rawSubject
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/(?:=\?utf-8\?[qb]\?.*?\?=)+/gi, (run) =>
      Buffer.concat(
        [...run.matchAll(/=\?utf-8\?([qb])\?(.*?)\?=/gi)].map(([, kind = '', text = '']) =>
          kind.toLowerCase() === 'b'
            ? Buffer.from(text, 'base64')
            : Buffer.from(decodeQuotedPrintable(text.replaceAll('_', ' ')), 'utf8'),
        ),
      ).toString('utf8'),
    );
  const boundary = /boundary="?([^";\s]+)"?/i.exec(headers)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1).map(decodePart) : [decodePart(raw)];
  return {
    subject: subject.trim(),
    text: parts.find((part) => part.type === 'text/plain')?.body ?? '',
    html: parts.find((part) => part.type === 'text/html')?.body ?? '',
    raw,
  };
}

/** How much of a refused message the refusal quotes, as content filters do. */
const REFUSAL_QUOTE_LENGTH_MAX = 300;

/**
 * A real SMTP server for tests: the product sends to it over SMTP, the test reads what arrived.
 * Mail to an address given to `refuse` is read and then refused with a reply quoting its text (as
 * a content filter does); it is kept in `refused`.
 */
export async function startTestMailbox() {
  const mails: ReceivedMail[] = [];
  const refused: ReceivedMail[] = [];
  const refusedAddresses = new Set<string>();
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), ...parseMail(raw) };
        if (mail.to.some((address) => refusedAddresses.has(address))) {
          refused.push(mail);
          const quote = mail.text.replace(/\s+/g, ' ').slice(0, REFUSAL_QUOTE_LENGTH_MAX);
          callback(
            Object.assign(new Error(`Message refused by content filter: ${quote}`), { responseCode: 550 }),
          );
          return;
        }
        mails.push(mail);
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  // A client killed mid-conversation (a process the chaos run kills) resets its connection: that
  // connection ends, the mailbox goes on.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refused,
    /** From now on, mail to `address` is refused. */
    refuse(address: string) {
      refusedAddresses.add(address);
    },
    /** The first mail to `to` whose subject matches, arriving within `ms`. */
    async waitFor(to: string, subject: RegExp, ms = 5_000): Promise<ReceivedMail> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = mails.find((mail) => mail.to.includes(to) && subject.test(mail.subject));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no mail to ${to} matching ${subject} within ${ms} ms (got ${mails.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'none'})`,
          );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    /** Forgets what arrived so far. */
    clear() {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestMailbox = Awaited<ReturnType<typeof startTestMailbox>>;

/** The 6-digit code in a mail's text. */
export function codeIn(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return code;
}
