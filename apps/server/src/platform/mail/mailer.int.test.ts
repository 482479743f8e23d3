import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer, type MailMessage, MailSendError } from './mailer';

const silent = pino({ level: 'silent' });

const MESSAGE: MailMessage = {
  to: 'ann@example.com',
  subject: 'Verify your email address',
  text: `Hi Ann,\n\nYour code is 482913.\n\n${'A long line that the encoder has to wrap. '.repeat(4)}`,
  html: '<p>Hi Ann,</p><p>Your code is <strong>482913</strong>.</p>',
};

interface Received {
  from: string | undefined;
  to: string[];
  user: string | undefined;
  raw: string;
}

/**
 * mailparser is not installed here, so the raw message is read as text: headers as they are, bodies
 * after undoing quoted-printable (nodemailer wraps long lines with it).
 */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('the SMTP mailer', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;
  let mailer: Mailer | undefined;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      // Without TLS certificates of its own the test server must not offer STARTTLS.
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret/pass') {
          callback(null, { user: auth.username });
        } else {
          callback(new Error('Invalid username or password'));
        }
      },
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@refused.example')) callback(new Error('Mailbox unavailable'));
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    await mailer?.close();
    mailer = undefined;
    received.length = 0;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers from, to, subject and both bodies, signing in with the credentials of the URL', async () => {
    mailer = createMailer(
      {
        smtpUrl: `smtp://mailer:${encodeURIComponent('s3cret/pass')}@127.0.0.1:${port}`,
        from: 'Trading Desk <no-reply@trade.example>',
        dataDir: '/nonexistent',
      },
      silent,
    );
    await mailer.send(MESSAGE);

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe('no-reply@trade.example');
    expect(mail?.to).toEqual(['ann@example.com']);
    expect(mail?.user).toBe('mailer');
    const raw = mail?.raw ?? '';
    expect(raw).toMatch(/^From: Trading Desk <no-reply@trade\.example>\r$/m);
    expect(raw).toMatch(/^To: ann@example\.com\r$/m);
    expect(raw).toMatch(/^Subject: Verify your email address\r$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toMatch(/^Content-Type: text\/plain/m);
    expect(raw).toMatch(/^Content-Type: text\/html/m);
    const bodies = decodeQuotedPrintable(raw).replaceAll('\r\n', '\n');
    expect(bodies).toContain(MESSAGE.text);
    expect(bodies).toContain(MESSAGE.html);
  });

  it('throws when the server refuses the mail, in the protocol’s terms and not the server’s words', async () => {
    mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@trade.example', dataDir: '/nonexistent' },
      silent,
    );
    const refused = mailer.send({ ...MESSAGE, to: 'bob@refused.example' });
    await expect(refused).rejects.toBeInstanceOf(MailSendError);
    await expect(refused).rejects.toMatchObject({ command: 'RCPT TO', responseCode: 550 });
    // A server's reply may quote what it refused (a code, a link): it is not carried on.
    await expect(refused).rejects.not.toThrow(/Mailbox unavailable/);
    expect(received).toHaveLength(0);
  });

  it('throws when no server answers', async () => {
    mailer = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:1', from: 'no-reply@trade.example', dataDir: '/nonexistent' },
      silent,
    );
    await expect(mailer.send(MESSAGE)).rejects.toThrow();
  });
});

describe('the development mailer (no SMTP_URL)', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'td-mail-'));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs the recipient, subject and text at info, and writes the mail as an .eml file', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        callback();
      },
    });
    const mailer = createMailer(
      { from: 'Trading Desk <no-reply@localhost>', dataDir, publicUrl: 'http://localhost:3000' },
      pino({ level: 'info' }, sink),
    );
    try {
      await mailer.send(MESSAGE);
    } finally {
      await mailer.close();
    }

    const logged = lines.find((line) => line.subject === MESSAGE.subject);
    expect(logged).toMatchObject({ level: 30, to: MESSAGE.to, subject: MESSAGE.subject, text: MESSAGE.text });

    const outbox = join(dataDir, 'outbox');
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    const [file, copy] = files;
    expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(logged?.file).toBe(join(outbox, file ?? ''));
    // The copy the outbox page reads, and the page's address in the log.
    const id = (file ?? '').replace(/\.eml$/, '');
    expect(copy).toBe(`${id}.json`);
    expect(JSON.parse(readFileSync(join(outbox, copy ?? ''), 'utf8'))).toMatchObject({
      from: 'Trading Desk <no-reply@localhost>',
      ...MESSAGE,
    });
    expect(logged?.page).toBe(`http://localhost:3000/dev/outbox/${id}`);
    const eml = readFileSync(join(outbox, file ?? ''), 'utf8');
    expect(eml).toMatch(/^From: Trading Desk <no-reply@localhost>\r$/m);
    expect(eml).toMatch(/^To: ann@example\.com\r$/m);
    expect(eml).toMatch(/^Subject: Verify your email address\r$/m);
    const bodies = decodeQuotedPrintable(eml).replaceAll('\r\n', '\n');
    expect(bodies).toContain(MESSAGE.text);
    expect(bodies).toContain(MESSAGE.html);
  });
});
