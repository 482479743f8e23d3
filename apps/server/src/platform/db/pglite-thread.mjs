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
import { PGlite, parse, protocol } from '@electric-sql/pglite';

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

/**
 * Statements prepared once and run by name, as PostgreSQL's own drivers do with a named statement:
 * PGlite's `query` parses, analyses and plans its text again on every call, which costs more than
 * running it for the short statements of a request (a pair of updates in a `with`: 0.41 ms a call,
 * 0.15 by name). A text the server sends a second time is prepared (its parameters' types read
 * then) and from then on only bound and run, in one message to the database; the least lately used
 * is closed when there are more than `PREPARED_MAX`. Only reads and writes of rows are prepared (a
 * change of the schema would leave a prepared `select *` answering the old columns), and no text
 * longer than `PREPARED_CHARS_MAX` (a bulk insert's, written for its rows).
 */
const PREPARED_MAX = 200;
const PREPARED_CHARS_MAX = 8_192;
/** Texts sent once so far (a second time, they are prepared). */
const SEEN_MAX = 1_000;
/** @type {Set<string>} */
const seen = new Set();
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** What PostgreSQL says when a prepared statement's columns changed under it (the schema changed). */
const PLAN_CHANGED = 'cached plan must not change result type';
/** @type {Map<string, { name: string, paramTypes: number[] }>} */
const prepared = new Map();
let nextStatement = 1;
const { serialize } = protocol;

/** Sends protocol messages (the last a Sync): their answers, or PostgreSQL's error thrown. */
const exchange = async (parts) => {
  const { messages } = await database.execProtocol(Buffer.concat(parts), {
    syncToFs: false,
    throwOnError: false,
  });
  const error = messages.find((message) => message.name === 'error');
  if (error) throw error;
  return messages;
};

/** The text's prepared statement, preparing it (and closing the least lately used) if it is new. */
const statementOf = async (text) => {
  const known = prepared.get(text);
  if (known) {
    prepared.delete(text);
    prepared.set(text, known);
    return known;
  }
  const name = `td_${nextStatement++}`;
  const messages = await exchange([
    serialize.parse({ name, text }),
    serialize.describe({ type: 'S', name }),
    serialize.sync(),
  ]);
  const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
  prepared.set(text, statement);
  if (prepared.size > PREPARED_MAX) {
    const [oldestText, oldest] = prepared.entries().next().value;
    prepared.delete(oldestText);
    await exchange([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]);
  }
  return statement;
};

/** A statement run by name, with its parameters: its results as PGlite's `query` gives them. */
const runPrepared = async (text, params, options) => {
  const statement = await statementOf(text);
  const values = params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = database.serializers[statement.paramTypes[index]];
    return serializer ? serializer(value) : value.toString();
  });
  const messages = await exchange([
    serialize.bind({ statement: statement.name, values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  return parse.parseResults(messages, database.parsers, options)[0];
};

/** Whether a text is run by a prepared statement: one of rows, sent before (now remembered if not). */
const isPrepared = (text) => {
  if (prepared.has(text)) return true;
  if (text.length > PREPARED_CHARS_MAX || !PREPARABLE.test(text)) return false;
  if (seen.delete(text)) return true;
  seen.add(text);
  if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value);
  return false;
};

/** `query`, by a prepared statement where the text is one; in a transaction (`tx`) or on its own. */
const query = async (message, tx) => {
  const options = optionsOf(message);
  if (!isPrepared(message.text)) return (tx ?? database).query(message.text, message.params, options);
  const run = async () => {
    try {
      return await runPrepared(message.text, message.params, options);
    } catch (error) {
      if (!String(error?.message).includes(PLAN_CHANGED)) throw error;
      // The schema changed under the statement: prepare it again, and run it again unless the
      // error ended the transaction it ran in (its caller then hears of it, as of any error).
      prepared.delete(message.text);
      if (tx) throw error;
      return runPrepared(message.text, message.params, options);
    }
  };
  // As PGlite's own `query`: on its own it waits for any open transaction, then for the statement
  // before it; in a transaction, only for the statement before it.
  if (tx) return database.runExclusive(run);
  return database._runExclusiveTransaction(async () => {
    const result = await database.runExclusive(run);
    await database.syncToFs();
    return result;
  });
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
      const result = await query(message, message.tx === undefined ? undefined : clientOf(message));
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
