import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions, QueryOptions, Results } from '@electric-sql/pglite';
import { BoundedMap } from '../bounded';

/**
 * The embedded database on its own thread (`pglite-thread.mjs`), with the part of PGlite's client
 * that Drizzle and this server use: statements, scripts and transactions. PGlite runs each
 * statement synchronously on the thread that holds it; held there, it leaves the server's event
 * loop free to parse, check and answer while a statement runs, and the two use both cores.
 *
 * Statements run one at a time as before: PGlite's own lock orders them on its thread, and a
 * transaction holds it from `BEGIN` to its end, so a statement outside it waits as it did when the
 * database ran on the main thread.
 */
export interface RemoteQueryable {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
}
export interface RemotePGlite extends RemoteQueryable {
  transaction<T>(callback: (tx: RemoteQueryable) => Promise<T>): Promise<T>;
  /**
   * Calls `listener` when a statement that may write one of `tables` is sent and again when it is
   * answered, and when the transaction it ran in is ended and again when that is answered. Every
   * statement of the embedded database passes through here (one process holds its directory), so
   * a reader that takes note of the calls knows of every write to those tables. A statement writes
   * a table by naming it after `insert into`, `update`, `delete from` or `merge into` (or in a
   * script, a `truncate`, a `copy` or a change of the schema: heard of whenever it names the table);
   * a row changed by a cascade from another table is heard of only if that table is watched too
   * (this schema has no triggers or functions that write).
   */
  watchWrites(tables: readonly string[], listener: () => void): void;
  close(): Promise<void>;
}

/** A statement that only reads (no function or trigger of this schema writes). */
const PLAIN_SELECT = /^\s*select\b/i;
/** A statement that may write whatever it names: a script, or anything but the four writes below. */
const NOT_DML = /^\s*(?!select|with|insert|update|delete|merge)\w/i;
/** The writes of `tables` by name: `update "public"."users"`, `delete from sessions`… */
const writesOf = (names: string) =>
  new RegExp(
    `\\b(?:insert\\s+into|update|delete\\s+from|merge\\s+into)\\s+(?:only\\s+)?(?:"?public"?\\.)?"?(?:${names})\\b`,
    'i',
  );
/**
 * The statements' texts already matched against the watchers (Drizzle sends the same few texts);
 * a longer text (a bulk insert's) is matched each time rather than held.
 */
const MATCHED_TEXTS_MAX = 2_000;
const MATCHED_TEXT_CHARS_MAX = 4_096;

/** An error of the database as its thread reported it: PostgreSQL's fields (code, constraint…) kept. */
export class EmbeddedDatabaseError extends Error {
  override name = 'DatabaseError';
  code?: string;
  constraint?: string;
  detail?: string;
}

/** The thread's file: beside this module in the source, at the top of `dist` in the build. */
function threadFile(): URL {
  const candidates = [
    new URL('./pglite-thread.mjs', import.meta.url),
    new URL('../pglite-thread.mjs', import.meta.url),
  ];
  const found = candidates.find((url) => existsSync(fileURLToPath(url)));
  if (!found) throw new Error('pglite-thread.mjs is missing next to the server');
  return found;
}

type Answer = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

export async function openRemotePGlite(options: PGliteOptions): Promise<RemotePGlite> {
  const worker = new Worker(threadFile());
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | undefined;
  worker.on('message', (answer: Answer) => {
    const call = waiting.get(answer.id);
    if (!call) return;
    waiting.delete(answer.id);
    if (answer.error)
      call.reject(Object.assign(new EmbeddedDatabaseError(answer.error.message), answer.error));
    else call.resolve(answer.result);
  });
  // A thread that dies takes the database with it: every waiting and later statement fails.
  const fail = (error: Error) => {
    failure = error;
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the embedded database's thread stopped (exit code ${code})`)));

  const send = <T>(message: Record<string, unknown>): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };
  /** Type parsers do not cross threads: the types they keep as text do (Drizzle's only use). */
  const queryMessage = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) => ({
    op: 'query',
    text,
    params: params ?? [],
    ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options?.parsers ? { rawTypes: Object.keys(options.parsers).map(Number) } : {}),
  });
  const watchers: Array<{ writes: RegExp; mentions: RegExp; listener: () => void }> = [];
  /** Each statement text's watchers, as matched the first time it was sent. */
  const watchersOfText = new BoundedMap<string, Array<() => void>>(MATCHED_TEXTS_MAX);
  /** The watchers of the statements each open transaction has sent. */
  const watchersOfTransaction = new Map<number, Set<() => void>>();
  const watchersOf = (text: string, isScript: boolean): Array<() => void> => {
    if (watchers.length === 0) return [];
    if (!isScript && PLAIN_SELECT.test(text)) return [];
    let found = watchersOfText.get(text);
    if (!found) {
      const isAnyWrite = isScript || NOT_DML.test(text);
      found = watchers
        .filter((watcher) => (isAnyWrite ? watcher.mentions : watcher.writes).test(text))
        .map((watcher) => watcher.listener);
      if (text.length <= MATCHED_TEXT_CHARS_MAX) watchersOfText.set(text, found);
    }
    return found;
  };
  /** Sends a statement, telling the watchers of the tables it may write before and after. */
  const sendWatched = async <T>(listeners: Iterable<() => void>, message: Record<string, unknown>) => {
    const called = [...listeners];
    for (const listener of called) listener();
    try {
      return await send<T>(message);
    } finally {
      for (const listener of called) listener();
    }
  };
  const sendStatement = <T>(
    tx: number | undefined,
    text: string,
    isScript: boolean,
    message: Record<string, unknown>,
  ) => {
    const listeners = watchersOf(text, isScript);
    if (listeners.length === 0) return send<T>(message);
    if (tx !== undefined) {
      const ofTransaction = watchersOfTransaction.get(tx);
      if (ofTransaction) for (const listener of listeners) ofTransaction.add(listener);
    }
    return sendWatched<T>(listeners, message);
  };
  const queryable = (tx: number | undefined): RemoteQueryable => ({
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      sendStatement<Results<T>>(tx, text, false, { ...queryMessage(text, params, options), tx }),
    exec: (text: string) => sendStatement<Array<Results>>(tx, text, true, { op: 'exec', text, tx }),
  });
  /** Ends a transaction: its watchers hear of it, since its writes become visible (or are undone) now. */
  const end = (tx: number, commit: boolean) => {
    const listeners = watchersOfTransaction.get(tx) ?? [];
    watchersOfTransaction.delete(tx);
    return sendWatched<null>(listeners, { op: 'end', tx, commit });
  };

  try {
    await send({ op: 'open', options });
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    ...queryable(undefined),
    transaction: async <T>(callback: (tx: RemoteQueryable) => Promise<T>): Promise<T> => {
      const tx = await send<number>({ op: 'begin' });
      watchersOfTransaction.set(tx, new Set());
      let result: T;
      try {
        result = await callback(queryable(tx));
      } catch (error) {
        // The caller hears its own error; a rollback that cannot run means the thread is gone.
        await end(tx, false).catch(() => undefined);
        throw error;
      }
      await end(tx, true);
      return result;
    },
    watchWrites: (tables, listener) => {
      const names = tables.map((table) => table.replace(/[^a-z0-9_]/gi, '')).join('|');
      watchers.push({ writes: writesOf(names), mentions: new RegExp(`\\b(?:${names})\\b`, 'i'), listener });
      watchersOfText.clear();
    },
    close: async () => {
      if (!failure) await send({ op: 'close' }).catch(() => undefined);
      worker.removeAllListeners('exit');
      // Every later statement fails at once, as on a closed PGlite: none waits for an answer.
      fail(new Error('the embedded database is closed'));
      await worker.terminate();
    },
  };
}
