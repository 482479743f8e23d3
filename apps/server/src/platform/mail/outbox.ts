import { readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { TConfig } from '../../config';
import type { Logger } from '../logger';

/**
 * The development outbox: without SMTP_URL every mail is kept in `<DATA_DIR>/outbox/`, as an `.eml`
 * file to open in a mail client and a `.json` copy the outbox page (`/dev/outbox`) reads, so a
 * developer reads the codes and follows the links of the mails in the browser.
 */
export const OUTBOX_PATH = '/dev/outbox';
/** The outbox keeps the newest mails only, so a long-running development server never fills the disk. */
const OUTBOX_FILES_MAX = 500;
/** A mail's name: its ISO time (colons as dashes) and 8 random hex digits. */
const MAIL_ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}$/;

export const outboxDirOf = (dataDir: string) => join(dataDir, 'outbox');

/**
 * Whether this server keeps its mail in the outbox and shows it on the outbox page: in development,
 * without SMTP. Never in production (which refuses to start without SMTP anyway).
 */
export function isOutboxShown(config: Pick<TConfig, 'APP_ENV' | 'SMTP_URL'>): boolean {
  return config.APP_ENV === 'development' && !config.SMTP_URL;
}

const ZOutboxMail = z.object({
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});
export type OutboxMail = z.infer<typeof ZOutboxMail> & { id: string };

export const isMailId = (id: string) => MAIL_ID.test(id);

/** Keeps the copy the outbox page reads beside the `.eml` file `id`. */
export async function writeOutboxCopy(
  dir: string,
  id: string,
  mail: Omit<OutboxMail, 'id' | 'sentAt'>,
  sentAt: Date,
): Promise<void> {
  const copy: z.infer<typeof ZOutboxMail> = { ...mail, sentAt: sentAt.toISOString() };
  await writeFile(join(dir, `${id}.json`), JSON.stringify(copy));
}

/** The newest mails first, at most `limit`; a copy that cannot be read is left out. */
export async function listOutbox(dir: string, limit: number): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const ids = names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter(isMailId)
    .sort()
    .reverse()
    .slice(0, limit);
  const mails = await Promise.all(ids.map((id) => readOutboxMail(dir, id)));
  return mails.filter((mail): mail is OutboxMail => mail !== undefined);
}

/** One mail of the outbox; undefined when there is no such mail (or `id` is not a mail's name). */
export async function readOutboxMail(dir: string, id: string): Promise<OutboxMail | undefined> {
  if (!isMailId(id)) return undefined;
  try {
    const parsed = ZOutboxMail.safeParse(JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')));
    return parsed.success ? { ...parsed.data, id } : undefined;
  } catch {
    return undefined;
  }
}

/** Deletes the oldest mails (both files) beyond the newest OUTBOX_FILES_MAX. */
export async function pruneOutbox(dir: string, logger: Logger): Promise<void> {
  try {
    const files = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
    const excess = files.slice(0, Math.max(0, files.length - OUTBOX_FILES_MAX));
    const doomed = excess.flatMap((name) => [name, name.replace(/\.eml$/, '.json')]);
    // Settled, not all: two sends pruning at once may race for the same file, which is harmless.
    await Promise.allSettled(doomed.map((name) => unlink(join(dir, name))));
  } catch (error) {
    // The mail is written; a failed clean-up only leaves old files behind.
    logger.warn({ err: error, outboxDir: dir }, 'could not prune the development outbox');
  }
}
