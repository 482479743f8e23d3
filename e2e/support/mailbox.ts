import { freePort } from '@td/server/testing';
import { SMTPServer } from 'smtp-server';

// A local SMTP server that the app server sends its mail to (SMTP_URL), so a test reads the code
// a real user would find in their inbox. Messages are kept raw and decoded on demand: a small MIME
// reader below covers what nodemailer writes (multipart/alternative, quoted-printable, base64).

const WAIT_TIMEOUT_MS = 15_000;
const WAIT_POLL_MS = 50;
const MESSAGE_BYTES_MAX = 5 * 1024 * 1024;

export interface TReceivedMail {
  to: string[];
  subject: string;
  /** The text/plain body. */
  text: string;
  /** The first 6-digit code in the text (verification and reset mails); throws when there is none. */
  code(): string;
  /** The first link in the text that contains `fragment`; throws when there is none. */
  link(fragment: string): string;
}

export interface TMailbox {
  /** For the server's environment: SMTP_URL=smtp://127.0.0.1:<port>. */
  smtpUrl: string;
  /** Every mail received so far, oldest first. */
  all(): TReceivedMail[];
  /**
   * The oldest mail to `to` whose subject matches and that no earlier call returned, waiting for
   * it when it has not arrived yet. Each call consumes the mail it returns, so two calls in a row
   * give the first and the second code sent.
   */
  waitForMail(to: string, subjectPattern: RegExp, options?: { timeoutMs?: number }): Promise<TReceivedMail>;
  stop(): Promise<void>;
}

interface TPart {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): TPart {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const body = end < 0 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines start with white space and continue the previous one.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameterOf(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`${name}="?([^";]+)"?`, 'i'));
  return match?.[1];
}

function decodeQuotedPrintable(body: string): Buffer {
  const bytes: number[] = [];
  const text = body.replace(/=\n/g, '');
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    const hex = text.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: TPart): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words in a header: =?UTF-8?Q?...?= and =?UTF-8?B?...?=. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

/** The text/plain body of a message, looking inside multipart containers. */
function plainTextOf(part: TPart): string | undefined {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = parameterOf(type, 'boundary');
    if (!boundary) return undefined;
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const text = plainTextOf(splitHeaders(section.replace(/^\n/, '')));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  return /^text\/plain/i.test(type) ? decodeBody(part) : undefined;
}

function toReceivedMail(raw: string, to: string[]): TReceivedMail {
  const message = splitHeaders(raw);
  const subject = decodeHeader(message.headers.get('subject') ?? '');
  const text = plainTextOf(message) ?? '';
  return {
    to,
    subject,
    text,
    code() {
      const match = text.match(/\b(\d{6})\b/);
      if (!match?.[1]) throw new Error(`no 6-digit code in the mail '${subject}':\n${text}`);
      return match[1];
    },
    link(fragment: string) {
      const found = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(fragment));
      if (!found) throw new Error(`no link with '${fragment}' in the mail '${subject}':\n${text}`);
      return found;
    },
  };
}

/** Starts the SMTP server on a free local port. Stop it in afterAll. */
export async function startMailbox(): Promise<TMailbox> {
  const received: TReceivedMail[] = [];
  const consumed = new WeakSet<TReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MESSAGE_BYTES_MAX,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
        received.push(toReceivedMail(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveListen());
  });

  const find = (to: string, subjectPattern: RegExp) =>
    received.find(
      (mail) =>
        !consumed.has(mail) && mail.to.includes(to.toLowerCase()) && subjectPattern.test(mail.subject),
    );

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    all: () => [...received],
    async waitForMail(to, subjectPattern, { timeoutMs = WAIT_TIMEOUT_MS } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = find(to, subjectPattern);
        if (mail) {
          consumed.add(mail);
          return mail;
        }
        if (Date.now() > deadline) {
          const seen =
            received.map((item) => `  ${item.to.join(',')}: ${item.subject}`).join('\n') || '  (none)';
          throw new Error(
            `no mail to ${to} matching ${subjectPattern} within ${timeoutMs} ms; received:\n${seen}`,
          );
        }
        await new Promise((resolveWait) => setTimeout(resolveWait, WAIT_POLL_MS));
      }
    },
    stop: () => new Promise<void>((resolveClose) => server.close(() => resolveClose())),
  };
}
