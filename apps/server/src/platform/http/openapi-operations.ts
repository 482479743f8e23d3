import { ZErrorCode } from '@td/contracts/envelope';
import { DOCUMENT_KINDS, DOCUMENT_TYPES } from '@td/contracts/kyc';
import { AVATAR_BYTES_MAX } from '@td/contracts/profile';
import type { TRouteAccess } from './access';
import { OPERATION_SUMMARIES } from './operation-summaries';

/**
 * What the OpenAPI document says of each operation beyond its schemas: a name for generated
 * clients (`operationId`), a one-line summary, every refusal it can answer with (in the error
 * envelope), and the bodies that are not JSON (multipart uploads, CSV, images, the web app's page).
 */

type TOperation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Array<{ in: string; name: string; schema?: TJsonSchema }>;
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  'x-access'?: TRouteAccess;
};
type TDocument = {
  paths?: Record<string, Record<string, TOperation>>;
  components?: Record<string, Record<string, unknown>>;
  tags?: Array<{ name: string; description: string }>;
};

type TJsonSchema = { anyOf?: TJsonSchema[]; type?: string; [key: string]: unknown };

/**
 * A whole number in the address or the query string is written `{ anyOf: [bounded integer,
 * digits] }` by its schema (JSON bodies may send either); in a query string both are the same
 * text, so the document states the integer and its bounds alone.
 */
function asQueryInteger(schema: TJsonSchema | undefined): TJsonSchema | undefined {
  const [number, text] = schema?.anyOf ?? [];
  if (schema?.anyOf?.length !== 2 || number?.type !== 'integer' || text?.type !== 'string') return schema;
  const { anyOf: _, ...rest } = schema;
  return { ...rest, ...number };
}

const REF = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The error envelope every refusal answers with. */
const ERROR_BODY = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string', description: 'What went wrong, in words a person can read.' },
    code: { type: 'string', enum: [...ZErrorCode.options] },
    details: {
      description: 'For `VALIDATION`: each refused field (`body.amount`, `query.page`) with its message.',
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

/** Each refusal: its status, the shared response's name and what it means. */
const REFUSALS = {
  400: ['BadRequest', 'The request was refused as it is (`VALIDATION`): `details` names each field.'],
  401: ['Unauthenticated', 'No valid session, pending sign-in, signature or key (`UNAUTHENTICATED`).'],
  403: [
    'Forbidden',
    'Signed in, but not allowed this (`FORBIDDEN`): a role, a scope, a blocked account; staff without a second factor on a back-office route (`SECOND_FACTOR_REQUIRED`).',
  ],
  404: ['NotFound', 'Nothing by that id or name, or not yours (`NOT_FOUND`).'],
  409: [
    'Conflict',
    'Refused in the current state (`CONFLICT`): a closed market, a changed order, a balance.',
  ],
  413: ['PayloadTooLarge', 'The body or a file in it is too large (`PAYLOAD_TOO_LARGE`).'],
  415: ['UnsupportedMediaType', 'The body is not of a type this operation reads (`UNSUPPORTED_MEDIA_TYPE`).'],
  429: ['RateLimited', 'Too many requests; `Retry-After` says when to try again (`RATE_LIMITED`).'],
  500: ['Internal', 'Something failed on the server (`INTERNAL`); nothing was half done.'],
  503: ['Unavailable', 'The service cannot answer now (`UNAVAILABLE`): try again shortly.'],
} as const satisfies Record<number, readonly [string, string]>;
type TRefusal = keyof typeof REFUSALS;

/** A body-less method: what a route of it can refuse never includes the body's own refusals. */
const READS = new Set(['get', 'head', 'options']);

/** The refusals an operation can answer with, from who may call it and what it takes. */
export function refusalsOf(method: string, path: string, operation: TOperation): TRefusal[] {
  const access = operation['x-access'] ?? 'public';
  const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
  const writes = !READS.has(method);
  // Signing in checks credentials of its own (a password, a passkey, Google's code), refuses a
  // suspended account, and answers 404 for a way in that is not offered here (Google unset).
  const signsIn = path.startsWith('/auth/');
  // A development page (the outbox) is not there on any other server.
  const isDevelopmentOnly = path.startsWith('/dev/');
  const refusals: TRefusal[] = [];
  if (takesInput || writes) refusals.push(400);
  if (access !== 'public' || signsIn) refusals.push(401);
  if (access === 'user' || access === 'admin' || access === 'signed' || signsIn) refusals.push(403);
  if (takesInput || access !== 'public' || signsIn || isDevelopmentOnly) refusals.push(404);
  if (writes) refusals.push(409, 413, 415);
  refusals.push(429, 500, 503);
  return refusals;
}

/** `POST /orders/{id}/partial-close` → `postOrdersIdPartialClose`: unique, stable, readable. */
export function operationIdOf(method: string, path: string): string {
  const words = [method, ...path.split(/[^A-Za-z0-9]+/)].filter(Boolean);
  return words
    .map((word, index) => (index === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}

const IMAGE_FILE = { type: 'string', contentMediaType: 'image/*', format: 'binary' } as const;
const imageForm = (field: string) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: [field],
        properties: {
          [field]: { ...IMAGE_FILE, description: `At most ${AVATAR_BYTES_MAX / 1024 ** 2} MB.` },
        },
      },
    },
  },
});

/** Request bodies sent as multipart forms rather than JSON. */
const MULTIPART_BODIES: Record<string, unknown> = {
  'POST /profile/image': imageForm('image'),
  'POST /tickets/attachments': imageForm('image'),
  'POST /kyc': {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['documentType', 'front', 'selfie'],
          properties: {
            documentType: { type: 'string', enum: [...DOCUMENT_TYPES] },
            ...Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, IMAGE_FILE])),
          },
          description: 'The back is asked for every document but a passport.',
        },
      },
    },
  },
};

const binary = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: { type: 'string', format: 'binary' } } },
});
/** An answer of text in `type` (CSV, HTML, plain). */
const text = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: { type: 'string' } } },
});

/** Success answers that are not the JSON envelope. */
const OTHER_ANSWERS: Record<string, Record<string, unknown>> = {
  'GET /orders/export': { 200: text('text/csv', 'The orders as CSV, one line each, with a header line.') },
  'GET /admin/reports/daily': {
    200: text('text/csv', 'Every order opened or closed that UTC day, one line each, with a header line.'),
  },
  'GET /public/common-passwords': { 200: text('text/plain', 'One password a line.') },
  'GET /uploads/avatars/{file}': { 200: binary('image/webp', 'The photo.') },
  'GET /tickets/attachments/{file}': { 200: binary('image/webp', 'The attachment.') },
  'GET /admin/kyc/{id}/documents/{kind}': { 200: binary('image/webp', 'The document, as stored.') },
  'GET /': { 200: text('text/html', "The web app's page.") },
  'GET /dev/outbox': { 200: text('text/html', 'The outbox, newest first.') },
  'GET /dev/outbox/{id}': { 200: text('text/html', 'The mail: its text with working links, and its HTML.') },
};

/** Success answers that may also come in another type than the JSON envelope (`?format=`). */
const ALSO_AS: Record<string, Record<string, unknown>> = {
  'GET /admin/reports/client-money': {
    'text/csv': { schema: { type: 'string', description: 'With `format=csv`: the same figures as CSV.' } },
  },
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  admin: 'The back-office: staff only.',
  alerts: 'Price alerts.',
  auth: 'Signing up and in, second factors, passkeys, Google.',
  dev: 'Development only (no SMTP_URL): the mails kept instead of sent. 404 on any other server.',
  'balance-operations':
    'Money staff credited, corrected or refunded on your account, and what is withdrawable.',
  health: 'Liveness and readiness for load balancers.',
  kyc: 'Identity verification.',
  notifications: 'The notification centre.',
  orders: 'Orders and positions.',
  pairs: 'Tradable pairs.',
  portfolio: 'Balances, equity and positions.',
  profile: 'The account: details, security, sessions, API keys.',
  public: 'Prices and candles for anyone.',
  root: "The web app's page.",
  settings: 'Public settings.',
  tickets: 'Support tickets.',
  uploads: 'Uploaded images.',
  wallet: 'Deposits and withdrawals.',
};

/**
 * Completes the generated document (called once on it): names, summaries, tags, refusals and the
 * bodies that are not JSON.
 */
export function describeOperations<T extends object>(generated: T): T {
  const document = generated as TDocument;
  document.components ??= {};
  const components = document.components;
  components.schemas = { ...components.schemas, ErrorBody: ERROR_BODY };
  components.responses = {
    ...components.responses,
    ...Object.fromEntries(
      Object.values(REFUSALS).map(([name, description]) => [
        name,
        {
          description,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        },
      ]),
    ),
  };
  const tags = new Set<string>();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) parameter.schema = asQueryInteger(parameter.schema);
      operation.operationId = operationIdOf(method, path);
      const summary = OPERATION_SUMMARIES[key];
      if (summary) operation.summary = summary;
      for (const tag of operation.tags ?? []) tags.add(tag);
      const body = MULTIPART_BODIES[key];
      if (body) operation.requestBody = body;
      operation.responses ??= {};
      const responses = operation.responses;
      Object.assign(responses, OTHER_ANSWERS[key]);
      const alsoAs = ALSO_AS[key];
      const success = responses['200'] as { content?: Record<string, unknown> } | undefined;
      if (alsoAs && success) success.content = { ...success.content, ...alsoAs };
      for (const status of refusalsOf(method, path, operation)) {
        responses[String(status)] ??= REF(REFUSALS[status][0]);
      }
    }
  }
  document.tags = [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return generated;
}
