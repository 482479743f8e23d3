import type { z } from 'zod/mini';
import { translateServerMessage } from './i18n';

/** Under a 'Confirm password' field that differs from the password. */
export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match';

/** A message per form field, by field name; a field without an entry is valid. */
export type TFieldErrors<TField extends string = string> = Partial<Record<TField, string>>;

/**
 * The first message of each field of a failed zod parse (the same schemas the server applies),
 * keyed by the top-level field name.
 */
export function zodFieldErrors<TField extends string>(error: z.core.$ZodError): TFieldErrors<TField> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors))
      errors[field] = translateServerMessage(issue.message);
  }
  return errors as TFieldErrors<TField>;
}

/** Whether a field-error map holds any message. */
export function hasFieldErrors(errors: TFieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}
