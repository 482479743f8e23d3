import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The request a piece of work is done for, carried through async calls, and over the bus to other
 * processes: every log line written meanwhile names it (`requestId`), so one order can be followed
 * from the API process that took it to the stream process that told the user.
 */
interface RequestStore {
  requestId: string;
}

const context = new AsyncLocalStorage<RequestStore>();
const REQUEST_ID = /^[\w-]{1,64}$/;
const STORE = Symbol('request context');

/** This process's part of the ids it makes: random, so that ids stay apart across processes. */
const ID_PREFIX = randomBytes(6).toString('base64url');
let requestCount = 0;

/**
 * A request's id: the one its client gave (`X-Request-Id`) when it is a plain token, else a new one
 * unique across processes (a random prefix and a count), made on every request, cheaply.
 */
export function requestIdFor(given: unknown): string {
  return typeof given === 'string' && REQUEST_ID.test(given)
    ? given
    : `${ID_PREFIX}-${(++requestCount).toString(36)}`;
}

export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

/** Runs `work` as done for `requestId` (as it is, when there is none). */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? context.run({ requestId }, work) : work();
}

/** A bus message with the current request's id riding along, when there is one and it is an object. */
export function carryRequestId(message: unknown): unknown {
  const requestId = currentRequestId();
  if (!requestId || typeof message !== 'object' || message === null || Array.isArray(message)) return message;
  return { ...message, requestId };
}

/** The request id a bus message carries, if it is one (anything else is ignored). */
export function requestIdOf(message: unknown): string | undefined {
  const value = (message as { requestId?: unknown } | null)?.requestId;
  return typeof value === 'string' && REQUEST_ID.test(value) ? value : undefined;
}

/**
 * Every request of `app` runs in its own context, from its first hook to its answer. Reading a body
 * runs on the socket's events, outside the context, so it is entered again before validation with
 * the same store (no async resource per request: entering a store is all a continuation needs).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const store = { requestId: request.id };
    (request as unknown as Record<symbol, RequestStore>)[STORE] = store;
    context.run(store, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const store = (request as unknown as Record<symbol, RequestStore | undefined>)[STORE];
    if (store && context.getStore() !== store) context.run(store, done);
    else done();
  });
}
