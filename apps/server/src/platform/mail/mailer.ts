// Sends the product's mail: over SMTP when `SMTP_URL` is set, otherwise into the development
// outbox (logged, kept as `.eml` files, shown on the outbox page) so nothing leaves the machine.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import { OUTBOX_PATH, outboxDirOf, pruneOutbox, writeOutboxCopy } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Why a mail did not go out, in the terms of the protocol only. The server's own words are left
 * out: a refusal may quote the message it refused, and with it a code or a link, which the caller
 * then logs.
 */
export class MailSendError extends Error {
  override name = 'MailSendError';
  constructor(
    readonly code: string | undefined,
    readonly command: string | undefined,
    readonly responseCode: number | undefined,
  ) {
    super(`the mail was not sent (${[code, command, responseCode].filter(Boolean).join(', ') || 'unknown'})`);
  }
}

function mailSendErrorOf(error: unknown): MailSendError {
  const { code, command, responseCode } = (error ?? {}) as Record<string, unknown>;
  return new MailSendError(
    typeof code === 'string' ? code.slice(0, 40) : undefined,
    typeof command === 'string' ? command.slice(0, 40) : undefined,
    typeof responseCode === 'number' ? responseCode : undefined,
  );
}

/** Sends mail. `send` throws when the mail did not go out: the caller decides what that means. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

// A slow or silent mail server must not hold a request (or a pooled connection) for minutes:
// nodemailer's own defaults are 2 minutes to connect and 10 minutes of socket silence.
const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
const SMTP_GREETING_TIMEOUT_MS = 10_000;
const SMTP_SOCKET_TIMEOUT_MS = 30_000;
const SMTP_CONNECTIONS_MAX = 5;
const SMTP_MESSAGES_PER_CONNECTION_MAX = 100;

/**
 * With `smtpUrl` (`smtp://user:pass@host:port`, or `smtps://` for TLS from the first byte) mail goes
 * to that server over a small connection pool. Without it, this is a development machine: every
 * mail is logged, body included (its links' secrets redacted, as in every line), kept as an `.eml`
 * file in `<dataDir>/outbox/` to open in a mail client, and shown on the outbox page, whose address
 * (`publicUrl` + /dev/outbox/…) the log line gives: there the code and the links are whole.
 */
export function createMailer(
  options: { smtpUrl?: string | undefined; from: string; dataDir: string; publicUrl?: string },
  logger: Logger,
): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from, logger)
    : createOutboxMailer(outboxDirOf(options.dataDir), options.from, logger, options.publicUrl);
}

function createSmtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  const url = new URL(smtpUrl);
  const isSecure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    pool: true,
    host: url.hostname,
    port: url.port ? Number(url.port) : isSecure ? 465 : 587,
    secure: isSecure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    maxConnections: SMTP_CONNECTIONS_MAX,
    maxMessages: SMTP_MESSAGES_PER_CONNECTION_MAX,
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  });
  logger.info({ host: url.hostname, port: url.port || undefined, isSecure }, 'mail goes out over SMTP');
  return {
    async send(message) {
      let info: { messageId: string };
      try {
        info = await transport.sendMail({ from, ...message });
      } catch (error) {
        throw mailSendErrorOf(error);
      }
      logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
    async close() {
      transport.close();
    },
  };
}

function createOutboxMailer(
  outboxDir: string,
  from: string,
  logger: Logger,
  publicUrl: string | undefined,
): Mailer {
  // Windows-style line breaks: an .eml file is an RFC 5322 message, and mail clients expect CRLF.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  logger.info(
    { outboxDir, ...(publicUrl ? { page: `${publicUrl}${OUTBOX_PATH}` } : {}) },
    'SMTP_URL is unset: mails are written to the outbox, not sent',
  );
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport did not buffer the message');
      await mkdir(outboxDir, { recursive: true });
      // The ISO time leads, so names sort by age; its colons become dashes, which every file system accepts.
      const sentAt = new Date();
      const id = `${sentAt.toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}`;
      const file = join(outboxDir, `${id}.eml`);
      await writeFile(file, info.message);
      await writeOutboxCopy(outboxDir, id, { from, ...message }, sentAt);
      logger.info(
        {
          to: message.to,
          subject: message.subject,
          ...(publicUrl ? { page: `${publicUrl}${OUTBOX_PATH}/${id}` } : {}),
          text: message.text,
          file,
        },
        'mail written to the development outbox',
      );
      await pruneOutbox(outboxDir, logger);
    },
    async close() {
      transport.close();
    },
  };
}
