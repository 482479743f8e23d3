// The application's error type: a code the client may see, with the HTTP status that goes with it.
import { ERROR_HTTP_STATUS, type TErrorCode } from '@td/contracts/envelope';

/**
 * An error the client may see: its message goes to the user's toast as it is, so it must be
 * written for a person and reveal nothing internal. Anything else thrown becomes a 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  /** When the client may try again (a 429), sent as `Retry-After`. */
  readonly retryAfterS?: number;

  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly details?: unknown,
    options?: { retryAfterS?: number },
  ) {
    super(message);
    this.status = ERROR_HTTP_STATUS[code];
    if (options?.retryAfterS !== undefined) this.retryAfterS = options.retryAfterS;
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError('VALIDATION', message, details);
export const unauthenticated = (message = 'Please log in to continue') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have access to this') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string, details?: unknown) => new AppError('CONFLICT', message, details);

/** The error code that goes with an HTTP status, for errors raised by the framework or plugins. */
export function codeForStatus(status: number): TErrorCode {
  for (const [code, value] of Object.entries(ERROR_HTTP_STATUS))
    if (value === status) return code as TErrorCode;
  if (status >= 500) return 'INTERNAL';
  return 'VALIDATION';
}
