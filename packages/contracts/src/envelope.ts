// The frame every API answer shares, for the server, the web app and the tests: the success and
// error bodies with their codes and HTTP statuses, validation details, pages of lists, money as a
// decimal string, and the health check's answer.
import { z } from 'zod/mini';
import { ZWholeNumber } from './decimal';

export const ZErrorCode = z.enum([
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  /** A member of staff without a second factor (TOTP or a passkey), on a back-office route. */
  'SECOND_FACTOR_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAVAILABLE',
  'INTERNAL',
]);
export type TErrorCode = z.infer<typeof ZErrorCode>;

// The server answers each code with one status; keeping the pairing here lets clients and tests
// assert it without a second table to keep in step.
export const ERROR_HTTP_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  SECOND_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<TErrorCode, number>;

export const ZErrorBody = z.object({
  message: z.string(),
  code: ZErrorCode,
  details: z.optional(z.unknown()),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

// `field` is the dotted path of the offending input, prefixed by where it came from (`body.email`,
// `query.limit`), so a form can put the message under the right control.
export const ZValidationIssue = z.object({ field: z.string(), message: z.string() });
export type TValidationIssue = z.infer<typeof ZValidationIssue>;
export const ZValidationDetails = z.array(ZValidationIssue);
export type TValidationDetails = z.infer<typeof ZValidationDetails>;

export const successEnvelope = <T extends z.core.$ZodType>(data: T) =>
  z.object({ message: z.string(), data });
export type TSuccess<T> = { message: string; data: T };

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;
/** Far past the last page of any list, and far below what makes an offset overflow. */
export const PAGE_MAX = 100_000;

// Query strings arrive as text, hence the coercion.
export const ZPageQuery = z.object({
  page: z._default(ZWholeNumber('Page', { min: 1, max: PAGE_MAX }), 1),
  limit: z._default(ZWholeNumber('Limit', { min: 1, max: PAGE_LIMIT_MAX }), PAGE_LIMIT_DEFAULT),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const pageOf = <T extends z.core.$ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().check(z.int(), z.minimum(1)),
    limit: z.number().check(z.int(), z.minimum(1), z.maximum(PAGE_LIMIT_MAX)),
    total: z.number().check(z.int(), z.minimum(0)),
  });
export type TPage<T> = { items: T[]; page: number; limit: number; total: number };

// Money travels as a decimal string because a JSON number is a float and loses cents.
export const MONEY_PATTERN = /^-?\d+(\.\d+)?$/;
export const ZMoney = z
  .string()
  .check(z.regex(MONEY_PATTERN, 'Must be a decimal number written as a string'));
export type TMoney = z.infer<typeof ZMoney>;

export const ZHealth = z.object({
  /** `draining`: the process is stopping and finishes what it has; send it nothing new. */
  status: z.enum(['ok', 'degraded', 'draining']),
  db: z.enum(['ok', 'down']),
  bus: z.enum(['ok', 'down']),
  roles: z.record(z.string(), z.enum(['active', 'standby'])),
  /** Each price source: its pairs, how old its newest price is, and whether that is fresh. */
  feeds: z.array(
    z.object({
      feed: z.enum(['binance', 'finnhub', 'simulator']),
      pairs: z.number().check(z.int()),
      lastMessageAgeMs: z.nullable(z.number().check(z.int())),
      state: z.enum(['live', 'delayed', 'waiting']),
    }),
  ),
});
export type THealth = z.infer<typeof ZHealth>;

/** `GET /health/live`: the process answers (nothing else is checked). */
export const ZLiveness = z.object({ status: z.literal('live') });
