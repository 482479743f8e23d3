// The embedded database's own thread: PGlite runs every statement synchronously on the thread that
// holds it, so here it holds this one and the server's event loop only sends statements and reads
// answers (`pglite-remote.ts` is the other end). Plain JavaScript, so that the same file runs under
// the test runner (which does not compile worker files) and next to the built server.
//
// Messages in: { id, op: 'open', options } | { id, op: 'query', tx?, text, params, rowMode?, rawTypes? }
//   | { id, op: 'exec', tx?, text } | { id, op: 'begin' } | { id, op: 'end', tx, commit }
//   | { id, op: 'close' }
// Messages out: { id, result } | { id, error: { message, ...fields of PostgreSQL's error } }
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

if (!parentPort) throw new Error('pglite-thread runs as a worker thread');
const port = parentPort;

/** @type {PGlite | undefined} */
let database;
/** Open transactions by id: the transaction's client, and how to end it. */
const transactions = new Map();
let nextTransaction = 1;
/** Transactions being ended: their outcome goes to `end`, not to `begin`. */
const ended = new Set();

const keepRaw = (value) => value;
/** The type parsers a caller asked to keep as text (functions do not cross threads: their types do). */
const optionsOf = (message) =>
  message.rowMode || message.rawTypes
    ? {
        ...(message.rowMode ? { rowMode: message.rowMode } : {}),
        ...(message.rawTypes
          ? { parsers: Object.fromEntries(message.rawTypes.map((type) => [type, keepRaw])) }
          : {}),
      }
    : undefined;

/** An error as plain fields: PostgreSQL's code, constraint and detail survive the crossing. */
const plainError = (error) => {
  const plain = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
      plain[key] = value;
    }
  }
  return plain;
};

const clientOf = (message) => {
  if (message.tx === undefined) return database;
  const open = transactions.get(message.tx);
  if (!open) throw new Error(`transaction ${message.tx} is not open`);
  return open.client;
};

const handle = async (message) => {
  switch (message.op) {
    case 'open':
      database = await PGlite.create(message.options);
      return null;
    case 'query': {
      const result = await clientOf(message).query(message.text, message.params, optionsOf(message));
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec':
      return (await clientOf(message).exec(message.text)).map((result) => ({
        rows: result.rows,
        fields: result.fields,
        affectedRows: result.affectedRows,
      }));
    case 'begin': {
      const id = nextTransaction++;
      // PGlite holds its lock for the whole callback: statements outside it wait, as they would
      // for a transaction on the main thread. The callback ends when the caller says so, and PGlite
      // then commits (or rolls back) on its own.
      return await new Promise((started, failed) => {
        const done = database.transaction(
          (client) =>
            new Promise((commit, rollback) => {
              transactions.set(id, { client, commit, rollback, done });
              started(id);
            }),
        );
        // A transaction that never started fails its `begin`; one that did reports at its `end`.
        done.catch((error) => {
          if (!transactions.has(id) && !ended.has(id)) failed(error);
        });
      });
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error(`transaction ${message.tx} is not open`);
      transactions.delete(message.tx);
      ended.add(message.tx);
      try {
        if (message.commit) {
          open.commit(null);
          // A commit can fail (a deferred check): the caller hears it.
          await open.done;
        } else {
          open.rollback(new Error('rolled back'));
          await open.done.catch(() => undefined);
        }
      } finally {
        ended.delete(message.tx);
      }
      return null;
    }
    case 'close':
      await database?.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
};

port.on('message', (message) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error) => port.postMessage({ id: message.id, error: plainError(error) }),
  );
});
