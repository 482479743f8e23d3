import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { addRouteHook, readsBody } from './http/route-hooks';

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
 * Every request of `app` runs in its own context, from its first hook to its answer. `first` is the
 * work every request does before anything else (the answer's headers, a refusal), in the same hook:
 * an app-wide hook runs on every request, so they are few. What `first` returns (an error) refuses
 * the request. Reading a body runs on the socket's events, outside the context, so a route that
 * reads one enters it again before validation with the same store (no async resource per request:
 * entering a store is all a continuation needs); a GET runs from its first hook to its handler in
 * one go, inside the context.
 */
export function registerRequestContext(
  app: FastifyInstance,
  first: (request: FastifyRequest, reply: FastifyReply) => Error | undefined,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const store = { requestId: request.id };
    (request as unknown as Record<symbol, RequestStore>)[STORE] = store;
    context.run(store, done, first(request, reply));
  });
  const enterAgain: preValidationHookHandler = (request, _reply, done) => {
    const store = (request as unknown as Record<symbol, RequestStore | undefined>)[STORE];
    if (store && context.getStore() !== store) context.run(store, done);
    else done();
  };
  app.addHook('onRoute', (route) => {
    if (readsBody(route)) addRouteHook(route, 'preValidation', enterAgain, 'first');
  });
}
