import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions, QueryOptions, Results } from '@electric-sql/pglite';

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
  close(): Promise<void>;
}

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
  const queryable = (tx: number | undefined): RemoteQueryable => ({
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      send<Results<T>>({ ...queryMessage(text, params, options), tx }),
    exec: (text: string) => send<Array<Results>>({ op: 'exec', text, tx }),
  });

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
      let result: T;
      try {
        result = await callback(queryable(tx));
      } catch (error) {
        // The caller hears its own error; a rollback that cannot run means the thread is gone.
        await send({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await send({ op: 'end', tx, commit: true });
      return result;
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
