// A server 400's messages under the form fields they concern. Apart from form-errors.ts: the
// login page's own checks need none of the contract's validation code this reads with.
import { ZValidationDetails } from '@td/contracts/envelope';
import { ApiError } from './api-client';
import type { TFieldErrors } from './form-errors';
import { translateServerMessage } from './i18n';

/**
 * The field messages of a server 400 (`details: [{field: 'body.email', message}]`), so a rule the
 * client did not know of still lands under its field. Anything else gives no field errors.
 */
export function serverFieldErrors<TField extends string>(error: unknown): TFieldErrors<TField> {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION') return {};
  const parsed = ZValidationDetails.safeParse(error.details);
  if (!parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const { field, message } of parsed.data) {
    const name = field.replace(/^(body|query|params)\./, '').split('.')[0];
    if (name && !(name in errors)) errors[name] = translateServerMessage(message);
  }
  return errors as TFieldErrors<TField>;
}
