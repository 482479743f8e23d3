import pino from 'pino';

/**
 * What never reaches a log line: the values of query parameters that carry secrets (a verification
 * link's token, a signed link's signature, an OAuth code…), wherever a URL is written — the request
 * log, an error's message or stack — and the parameters of a failed SQL statement (a user's row
 * holds password hashes and two-factor secrets).
 */
export const REDACTED = '[redacted]';

/** A query parameter whose name contains one of these holds a secret: its value is never logged. */
const SECRET_PARAM_NAME = /token|code|sig|password|passwd|secret|key|otp|auth|ticket|credential/i;
const PARAM_NAME_LENGTH_MAX = 100;
/** `?name=value` or `&name=value` inside any text, up to where a URL ends in JSON or prose. */
const QUERY_PARAM = /([?&;])([^=&?;\s"'<>#\\]{1,100})=([^&;\s"'<>#\\]*)/g;
/** Drizzle's "Failed query: …\nparams: …": the statement stays, its values go. */
const SQL_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;
/** How deep an error's causes are followed. */
const ERROR_DEPTH_MAX = 4;

const decodedName = (name: string) => {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};

const isSecretParam = (name: string) =>
  name.length <= PARAM_NAME_LENGTH_MAX && SECRET_PARAM_NAME.test(decodedName(name));

/** Replaces the value of every secret-carrying query parameter found in `text`. */
export function redactSecretParams(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(QUERY_PARAM, (whole, separator: string, name: string, value: string) =>
    isSecretParam(name) && value !== REDACTED ? `${separator}${name}=${REDACTED}` : whole,
  );
}

/** A request URL as it may be logged: path and query, with the secret parameters' values replaced. */
export function redactUrl(url: string): string {
  return url.includes('?') ? redactSecretParams(url) : url;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number } | null;
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

const cleanText = (text: string) => redactSecretParams(text.replace(SQL_PARAMS, ''));

function cleanSerializedError(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    // A failed statement's values (drizzle's DrizzleQueryError keeps them apart too).
    if (key === 'params' || key === 'parameters') continue;
    if (typeof field === 'string') clean[key] = cleanText(field);
    else if (field && typeof field === 'object' && !Array.isArray(field) && depth < ERROR_DEPTH_MAX)
      clean[key] = cleanSerializedError(field as Record<string, unknown>, depth + 1);
    else clean[key] = field;
  }
  return clean;
}

/** pino's error serializer, without SQL parameters and with secret query parameters redacted. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return cleanSerializedError(pino.stdSerializers.err(error) as unknown as Record<string, unknown>, 0);
}

/** The serializers every logger of the server uses (Fastify's request log included). */
export const LOG_SERIALIZERS = { req: serializeRequest, err: serializeError } as const;
