// Turns every failure of an HTTP request into the API's error body `{ message, code, details? }`:
// validation and app errors are said as they are, an unreachable database is a 503 to retry, and
// anything else is logged and answered with a bare 500, never a stack.
import type { TErrorBody } from '@td/contracts/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isStatementTimeout } from '../db/errors';
import { AppError, codeForStatus } from '../errors';

const GENERIC_500 = 'Something went wrong';
const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment';
/** How long a client waits before trying again while the database is out of reach. */
const UNAVAILABLE_RETRY_AFTER_S = 2;

/** Messages of the framework's own client errors, rewritten for a person. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length is invalid',
};

function send(reply: FastifyReply, status: number, body: TErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** The router's own refusals, said for a person and without echoing the address back. */
const ROUTER_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
};

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a broken
 * percent-encoding, a path part over `maxParamLength`) leaves in the error body too, as a 400.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message = ROUTER_MESSAGES[error.code];
  if (message) return send(reply, 400, { message, code: 'VALIDATION' });
  request.log.error({ err: error }, 'request failed in the router');
  return send(reply, 500, { message: GENERIC_500, code: 'INTERNAL' });
}

/**
 * Every error leaves as the error body `{ message, code, details? }`. Only AppError messages and the framework's own
 * 4xx reach the client; anything else is logged and answered with a bare 500, never a stack.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: {
    notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | undefined;
  } = {},
): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const details = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { field: path ? `${context}.${path}` : context, message: issue.message };
      });
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = first ? `${field || context}: ${first.message}` : 'Invalid request';
      return send(reply, 400, { message, code: 'VALIDATION', details });
    }
    if (error instanceof AppError) {
      if (error.retryAfterS !== undefined) {
        // Whole seconds, and never 0: a client told "retry after 0" hammers at once.
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterS))));
      }
      return send(reply, error.status, {
        message: error.message,
        code: error.code,
        ...(error.details === undefined ? {} : { details: error.details }),
      });
    }
    if (error instanceof ResponseSerializationError) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return send(reply, 500, { message: GENERIC_500, code: 'INTERNAL' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) {
        return send(reply, 429, {
          message: 'Too many requests, please try again later',
          code: 'RATE_LIMITED',
        });
      }
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return send(reply, status, { message, code: codeForStatus(status) });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault of this request: it is answered at once, and the client may try again.
      request.log.warn({ err: error }, 'request failed: the database is unreachable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return send(reply, 503, { message: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    }
    if (isStatementTimeout(error)) {
      // The database is busy or a statement is stuck: this request is let go, the rest carry on.
      request.log.error({ err: error }, 'request failed: a statement ran past its time limit');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return send(reply, 503, { message: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, status >= 500 && status < 600 ? status : 500, {
      message: GENERIC_500,
      code: 'INTERNAL',
    });
  });

  app.setNotFoundHandler(
    (request, reply) =>
      options.notFoundFallback?.(request, reply) ??
      send(reply, 404, {
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
        code: 'NOT_FOUND',
      }),
  );
}
