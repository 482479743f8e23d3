const UNIQUE_VIOLATION = '23505';

/**
 * Whether a statement failed on a unique index (PostgreSQL's 23505), as the driver or Drizzle
 * (which wraps it as the cause) reports it: two requests that raced for one row.
 */
export function isUniqueViolation(error: unknown): boolean {
  return causesOf(error, 3).some(({ code }) => code === UNIQUE_VIOLATION);
}

/** An error and the causes it wraps (Drizzle's around the driver's), at most `depth` of them. */
function causesOf(error: unknown, depth: number): Array<{ code?: unknown; message?: unknown }> {
  const chain: Array<{ code?: unknown; message?: unknown; cause?: unknown }> = [];
  for (let current = error; current && chain.length < depth; ) {
    const link = current as { code?: unknown; message?: unknown; cause?: unknown };
    chain.push(link);
    current = link.cause;
  }
  return chain;
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
  return causesOf(error, 4).some(
    ({ code, message }) =>
      (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) ||
      (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)),
  );
}
