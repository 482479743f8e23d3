// Tells database failures apart by cause, whichever driver raised them: a unique-index race, a
// database out of reach (worth retrying once it is back), or a statement past its time limit.
const UNIQUE_VIOLATION = '23505';
/** PostgreSQL's `query_canceled`: the statement ran past `statement_timeout` (or was cancelled). */
const QUERY_CANCELED = '57014';

/**
 * Whether a statement failed on a unique index (PostgreSQL's 23505), as the driver or Drizzle
 * (which wraps it as the cause) reports it: two requests that raced for one row.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * SQLSTATEs of a server that is gone or going: the connection classes (08…), an administrator's or
 * a crash's shutdown (57P01, 57P02), a server still starting (57P03), and no connection slot (53300).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** The socket's own failures while reaching the server. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);
/** The driver's words when the connection drops or the pool cannot get one in time. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client was closed|Connection closed/i;

/**
 * Whether a statement failed because the database could not be reached (down, restarting, the
 * connection cut), not because of the statement: the request may be tried again once it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether a statement was stopped by its time limit (`statement_timeout`, PostgreSQL's 57014), as
 * the driver or Drizzle (which wraps it as the cause) reports it.
 */
export function isStatementTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === QUERY_CANCELED) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
