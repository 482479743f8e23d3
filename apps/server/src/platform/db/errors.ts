const UNIQUE_VIOLATION = '23505';

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
